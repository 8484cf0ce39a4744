// Claiming due deliveries, fairly and under a lock. A claim takes a lease (so that one process
// sends one attempt) and counts the attempt (the claim's token: only its holder records the
// outcome). One endpoint gets at most PER_ENDPOINT_IN_FLIGHT deliveries in flight, and one
// workspace PER_WORKSPACE_IN_FLIGHT, counted over every replica, so an endpoint that never answers
// cannot take every delivery slot; a workspace's first due delivery comes before anyone's second.
// Claimers take turns (a transaction-level advisory lock): two replicas claiming at once would
// each see the other's slots as free. Deleting an endpoint takes the same turn, since its cascade
// locks the endpoint's deliveries in an order of its own, and a claim locking some of them in
// another would deadlock with it. A delivery whose attempts are spent while its last claim
// never reported back (its process died, or the record failed) is failed here, never claimed again.
import "server-only";
import { db, type Tx } from "../db";
import { MAX_ATTEMPTS } from "./schedule";

/** Longer than an attempt can take (WEBHOOK_TIMEOUT_SECONDS, at most 30 s), so a live attempt never loses its claim. */
export const DELIVERY_LEASE_SECONDS = 60;
export const PER_ENDPOINT_IN_FLIGHT = 4;
export const PER_WORKSPACE_IN_FLIGHT = 8;
const CLAIM_LOCK = 7_244_912; // any constant; names the lock in pg_locks (fan-out's is 7_244_911)

export type Claim = { id: string; attempts: number };

const NEVER_REPORTED = `this attempt never reported back (its server stopped mid-attempt); the delivery has had its ${MAX_ATTEMPTS} attempts`;

/** Waits for the claimers' turn and holds it until the transaction ends. */
export async function takeClaimTurn(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`;
}

export async function claimDeliveries(limit: number): Promise<Claim[]> {
  if (limit <= 0) return [];
  return db().$transaction(async (tx) => {
    await takeClaimTurn(tx);
    // Spent: every attempt claimed, the last one unrecorded and its lease over.
    const spent = await tx.$queryRaw<{ id: string; attempts: number; started_at: Date }[]>`
      WITH gone AS (
        SELECT d.id, d.locked_until FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.attempts >= ${MAX_ATTEMPTS} AND (d.locked_until IS NULL OR d.locked_until < now())
          AND NOT EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.number = d.attempts)
        FOR UPDATE OF d)
      UPDATE webhook_deliveries d SET status = 'failed', next_attempt_at = NULL, locked_until = NULL FROM gone WHERE d.id = gone.id
      RETURNING d.id, d.attempts, COALESCE(gone.locked_until - make_interval(secs => ${DELIVERY_LEASE_SECONDS}), now()) AS started_at`;
    if (spent.length) {
      await tx.webhookAttempt.createMany({
        data: spent.map((d) => ({ deliveryId: d.id, number: d.attempts, startedAt: d.started_at, durationMs: 0, statusCode: null, outcome: "failed", error: NEVER_REPORTED })),
        skipDuplicates: true,
      });
    }
    return tx.$queryRaw<Claim[]>`
      WITH in_flight AS (
        SELECT d.webhook_id, w.workspace_id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status = 'pending' AND d.locked_until >= now()
      ),
      due AS (
        SELECT d.id, d.webhook_id, w.workspace_id, d.next_attempt_at,
          row_number() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, d.id) AS nth_of_endpoint
        FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now()) AND w.enabled
          AND (d.attempts < ${MAX_ATTEMPTS} OR EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.number = d.attempts))
          AND NOT EXISTS (
            SELECT 1 FROM webhook_deliveries earlier
            WHERE earlier.webhook_id = d.webhook_id AND earlier.subject = d.subject AND earlier.status = 'pending' AND earlier.event_seq < d.event_seq)
      ),
      endpoint_room AS (
        SELECT due.*, row_number() OVER (PARTITION BY due.workspace_id ORDER BY due.nth_of_endpoint, due.next_attempt_at, due.id) AS nth_of_workspace
        FROM due
        WHERE due.nth_of_endpoint + (SELECT count(*) FROM in_flight f WHERE f.webhook_id = due.webhook_id) <= ${PER_ENDPOINT_IN_FLIGHT}
      ),
      chosen AS (
        SELECT r.id FROM endpoint_room r
        WHERE r.nth_of_workspace + (SELECT count(*) FROM in_flight f WHERE f.workspace_id = r.workspace_id) <= ${PER_WORKSPACE_IN_FLIGHT}
        ORDER BY r.nth_of_workspace, r.next_attempt_at, r.id
        LIMIT ${limit}
      )
      UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => ${DELIVERY_LEASE_SECONDS}), attempts = d.attempts + 1
      FROM chosen WHERE d.id = chosen.id AND d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until < now())
      RETURNING d.id, d.attempts`;
  });
}
