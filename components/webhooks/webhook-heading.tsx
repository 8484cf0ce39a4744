// An endpoint's URL and description, with its state beside them.
import type { WebhookView } from "@/server/webhooks/schema";
import { WebhookState } from "./webhook-state";

export function WebhookHeading({ webhook }: { webhook: WebhookView }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
      <div className="min-w-0 flex-1">
        <h3 className="break-all font-mono text-sm font-semibold text-slate-900" data-testid="webhook-url">
          {webhook.url}
        </h3>
        {webhook.description && <p className="mt-1 break-words text-sm text-slate-600">{webhook.description}</p>}
      </div>
      <WebhookState webhook={webhook} />
    </div>
  );
}
