// The events an endpoint subscribes to, when it was added, and how long a rotated-out secret still signs.
import { Badge } from "@/components/ui/badge";
import type { WebhookView } from "@/server/webhooks/schema";
import { Moment } from "@/components/ui/moment";

export function WebhookEvents({ webhook }: { webhook: WebhookView }) {
  return (
    <div className="space-y-1">
      <ul aria-label="Subscribed events" className="flex flex-wrap gap-1.5">
        {webhook.events.map((event) => (
          <li key={event}>
            <Badge>
              <code className="font-mono">{event}</code>
            </Badge>
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">
        Added <Moment at={webhook.created_at} />
        {webhook.previous_secret_expires_at && <> · the previous secret also signs until <Moment at={webhook.previous_secret_expires_at} relative /></>}
      </p>
    </div>
  );
}
