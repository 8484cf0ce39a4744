// The webhook event types (README "Webhooks") and the patterns a webhook may subscribe with. `webhook.ping` is
// the test event: sent to one endpoint on request, whatever it subscribes to. The console's event
// choices list them. Imports nothing, so the browser may import it too (vocab.test.ts).
export const EVENT_TYPES = [
  "instance.created",
  "instance.status_changed",
  "instance.deleted",
  "snapshot.completed",
  "backup.completed",
  "billing.credits_added",
  "billing.balance_low",
  "billing.charged",
  "billing.payment_succeeded",
  "billing.payment_failed",
  "billing.auto_recharge_disabled",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const PING = "webhook.ping";

export const EVENT_PATTERNS = ["*", "instance.*", "snapshot.*", "backup.*", "billing.*"] as const;
export const SUBSCRIBABLE: readonly string[] = [...EVENT_PATTERNS, ...EVENT_TYPES];

/** The subscriptions that receive an event of this type: the type, its family's pattern, and `*`. */
export function subscriptionsFor(type: string): string[] {
  return [type, `${type.split(".")[0]}.*`, "*"];
}

export function subscribes(events: readonly string[], type: string): boolean {
  return subscriptionsFor(type).some((pattern) => events.includes(pattern));
}
