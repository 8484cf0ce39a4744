// Fan-out: each committed outbox event becomes one delivery per matching, enabled webhook of its
// project (of every project of the workspace, for workspace events such as billing). One process
// at a time (a transaction-level advisory lock), in event order, so one subject's deliveries are
// created in the order its events happened. A committed `billing.balance_low` also mails the
// workspace's owners when they asked for it (low-balance-alert.ts): once, as the event is
// dispatched once (a process ending between the commit and the mail loses that mail).
import "server-only";
import { mailLowBalances } from "../billing/low-balance-alert";
import { db } from "../db";
import { newId } from "../ids";
import { log } from "../log";

const FAN_OUT_LOCK = 7_244_911; // any constant; names the lock in pg_locks
const BATCH = 200;

type Target = {
  event_id: string; seq: bigint; subject: string | null; webhook_id: string | null;
  type: string; workspace_id: string; data: { balance?: number; threshold?: number } | null;
};
type Fall = { workspaceId: string; balance: number; threshold: number };

/** Returns how many events were dispatched. */
export async function fanOut(): Promise<number> {
  // The idle case in one round trip.
  const waiting = await db().$queryRaw<unknown[]>`SELECT 1 FROM outbox_events WHERE dispatched_at IS NULL LIMIT 1`;
  if (waiting.length === 0) return 0;
  const falls: Fall[] = [];
  const dispatched = await db().$transaction(async (tx) => {
    const [{ locked }] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(${FAN_OUT_LOCK}) AS locked`;
    if (!locked) return 0;
    const targets = await tx.$queryRaw<Target[]>`
      SELECT e.id AS event_id, e.seq, e.subject, w.id AS webhook_id, e.type, e.workspace_id,
             CASE WHEN e.type = 'billing.balance_low' THEN e.data END AS data
      FROM (SELECT id, seq, subject, type, workspace_id, project_id, data FROM outbox_events
            WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${BATCH}) e
      LEFT JOIN webhooks w ON w.workspace_id = e.workspace_id AND w.enabled
        AND (e.project_id IS NULL OR w.project_id = e.project_id)
        AND w.events && ARRAY[e.type, split_part(e.type, '.', 1) || '.*', '*']::text[]
      ORDER BY e.seq, w.id`;
    const deliveries = targets.flatMap((t) =>
      t.webhook_id ? [{ id: newId("dlv"), webhookId: t.webhook_id, eventId: t.event_id, subject: t.subject ?? t.event_id, eventSeq: t.seq, nextAttemptAt: new Date() }] : [],
    );
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
    const eventIds = [...new Set(targets.map((t) => t.event_id))];
    await tx.outboxEvent.updateMany({ where: { id: { in: eventIds } }, data: { dispatchedAt: new Date() } });
    const low = new Map(targets.filter((t) => t.type === "billing.balance_low").map((t) => [t.event_id, t]));
    for (const t of low.values()) falls.push({ workspaceId: t.workspace_id, balance: t.data?.balance ?? 0, threshold: t.data?.threshold ?? 0 });
    return eventIds.length;
  });
  if (falls.length) await mailLowBalances(falls).catch((error: unknown) => log.error({ err: error }, "mailing a low balance failed"));
  return dispatched;
}
