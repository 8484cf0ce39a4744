// Whether an endpoint delivers: enabled, disabled by its owner, or disabled by the service.
import { Badge } from "@/components/ui/badge";
import type { WebhookView } from "@/server/webhooks/schema";

export function WebhookState({ webhook }: { webhook: WebhookView }) {
  if (webhook.enabled) return <Badge tone="good" testId="webhook-state">Enabled</Badge>;
  if (webhook.disabled_reason) return <Badge tone="bad" testId="webhook-state">Disabled by Switchyard</Badge>;
  return <Badge tone="neutral" testId="webhook-state">Disabled</Badge>;
}
