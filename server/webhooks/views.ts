// Rows of the webhook tables as the API shows them.
import "server-only";
import type { OutboxEvent, Webhook, WebhookAttempt, WebhookDelivery } from "@prisma/client";
import type { DeliveryView, WebhookView } from "./schema";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function webhookView(row: Webhook): WebhookView {
  const rotating = row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookView["events"],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: iso(rotating),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type DeliveryRow = WebhookDelivery & { event: Pick<OutboxEvent, "id" | "type" | "createdAt">; attemptLog: WebhookAttempt[] };

/** With the attempts and the event, as `include` loads them. */
export const deliveryInclude = {
  event: { select: { id: true, type: true, createdAt: true } },
  attemptLog: { orderBy: { number: "asc" as const } },
};

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    webhook_id: row.webhookId,
    event: { id: row.event.id, type: row.event.type as DeliveryView["event"]["type"], created_at: row.event.createdAt.toISOString() },
    status: row.status as DeliveryView["status"],
    next_attempt_at: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    created_at: row.createdAt.toISOString(),
    attempts: row.attemptLog.map((a) => ({
      number: a.number,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      outcome: a.outcome as DeliveryView["attempts"][number]["outcome"],
      error: a.error,
      next_retry_at: iso(a.nextRetryAt),
    })),
  };
}
