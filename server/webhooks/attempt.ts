// One delivery attempt, from claim to record: claimed under a lease by one process (claims.ts:
// never while an earlier delivery of the same subject to the same endpoint is pending), sent, and
// recorded by the claim's holder only, whatever happened on the wire. A 2xx ends the delivery; a
// failure is retried on the schedule; a 410, five days of failures, or a secret that can no longer
// be read disables the endpoint.
import "server-only";
import type { OutboxEvent, Webhook } from "@prisma/client";
import { db } from "../db";
import { log } from "../log";
import type { Claim } from "./claims";
import { releaseClaims } from "./release-claims";
import { DISABLE_AFTER_MS, retryAfterMs, retryDelay } from "./schedule";
import { openSecret } from "./secrets";
import { send, signatures, type SendResult } from "./send";

/** The body every attempt of an event sends, byte for byte. */
export function eventBody(event: Pick<OutboxEvent, "id" | "type" | "createdAt" | "projectId" | "data">): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), project_id: event.projectId, data: event.data });
}

/** A sealed secret in clear, or null when it can no longer be opened. */
function readable(stored: string): string | null {
  try {
    return openSecret(stored);
  } catch {
    return null;
  }
}

/**
 * The current secret, and the previous one while its 24 h overlap lasts (unless it can no longer be
 * read: a rotation away from such a secret then signs with the new one only).
 */
function signingSecrets(webhook: Webhook, now: Date): string[] {
  const secrets = [openSecret(webhook.secret)];
  const overlapping = webhook.previousSecret && webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > now;
  const previous = overlapping ? readable(webhook.previousSecret!) : null;
  if (previous) secrets.push(previous);
  return secrets;
}

export const UNREADABLE_SECRET_REASON =
  "Its signing secret can no longer be read (the server's KEY_HASH_SECRET changed). Rotate the secret, then enable the endpoint again: queued deliveries resume.";

/**
 * The endpoint's secrets, or null after disabling it when they cannot be opened (sealed under
 * another server secret): retrying could never sign, so nothing is sent and the claim goes back
 * uncounted, for when the endpoint has a new secret and is enabled again.
 */
async function secretsOrDisable(webhook: Webhook, claim: Claim, now: Date): Promise<string[] | null> {
  try {
    return signingSecrets(webhook, now);
  } catch (error) {
    await db().webhook.updateMany({ where: { id: webhook.id, enabled: true }, data: { enabled: false, disabledReason: UNREADABLE_SECRET_REASON } });
    await releaseClaims([claim.id]);
    log.warn({ webhook: webhook.id, err: (error as Error).message }, "webhook disabled: its signing secret cannot be read");
    return null;
  }
}

export async function attemptDelivery(claim: Claim): Promise<void> {
  const row = await db().webhookDelivery.findUnique({ where: { id: claim.id }, include: { webhook: true, event: true } });
  if (!row) return; // the webhook was deleted meanwhile
  const startedAt = new Date();
  const secrets = await secretsOrDisable(row.webhook, claim, startedAt);
  if (!secrets) return;
  const body = eventBody(row.event);
  const result = await send(row.webhook.url, {
    "webhook-id": row.event.id,
    "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
    "webhook-signature": signatures(secrets, row.event.id, startedAt, body),
  }, body);
  await record(row.webhook, claim, startedAt, result);
  log.info({ delivery: claim.id, webhook: row.webhookId, attempt: claim.attempts, status: result.statusCode, outcome: result.outcome, duration_ms: result.durationMs }, "webhook attempt");
}

async function record(webhook: Webhook, claim: Claim, startedAt: Date, result: SendResult): Promise<void> {
  const succeeded = result.outcome === "succeeded";
  const gone = result.statusCode === 410;
  const honoured = result.statusCode === 429 || result.statusCode === 503 ? retryAfterMs(result.retryAfter) : null;
  const delay = succeeded || gone ? null : retryDelay(claim.attempts, honoured);
  const nextRetryAt = delay === null ? null : new Date(Date.now() + delay);
  const disabled = await db().$transaction(async (tx) => {
    // The endpoint's row before its delivery's, the order in which deleting the endpoint locks
    // them (its cascade): the other order deadlocks with a delete arriving meanwhile.
    await tx.$executeRaw`SELECT 1 FROM webhooks WHERE id = ${webhook.id} FOR NO KEY UPDATE`;
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: claim.id, attempts: claim.attempts, status: "pending" },
      data: { status: succeeded ? "succeeded" : nextRetryAt ? "pending" : "failed", nextAttemptAt: nextRetryAt, lockedUntil: null },
    });
    if (count === 0) return null; // the claim was lost (lease expired and taken over): the new holder records
    await tx.webhookAttempt.create({
      data: {
        deliveryId: claim.id, number: claim.attempts, startedAt, durationMs: result.durationMs, statusCode: result.statusCode,
        outcome: result.outcome, error: result.error, nextRetryAt,
      },
    });
    if (succeeded) {
      await tx.webhook.updateMany({ where: { id: webhook.id, failingSince: { not: null } }, data: { failingSince: null } });
      return null;
    }
    const [streak] = await tx.$queryRaw<{ failing_since: Date }[]>`
      UPDATE webhooks SET failing_since = COALESCE(failing_since, ${startedAt}) WHERE id = ${webhook.id} RETURNING failing_since`;
    const reason = gone
      ? "The endpoint answered 410 Gone. Enable it again once it accepts events."
      : streak && Date.now() - streak.failing_since.getTime() >= DISABLE_AFTER_MS
        ? `Every delivery failed for 5 days (last: ${result.error}). Fix the endpoint, then enable it again: queued deliveries resume.`
        : null;
    if (reason) await tx.webhook.update({ where: { id: webhook.id }, data: { enabled: false, disabledReason: reason } });
    return reason;
  });
  if (disabled) log.warn({ webhook: webhook.id, reason: disabled }, "webhook disabled");
}
