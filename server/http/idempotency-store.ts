// The records of requests sent with an Idempotency-Key (README "Cloud API"), per project, in the database
// so that every replica sees the same one. Each step is one statement, so it is exact under any
// concurrency: claim (insert, or take over a record that expired or whose holder died), complete,
// release, sweep. Only the holder of a claim (its request id) may complete or release it.
import "server-only";
import { db } from "../db";

/** How long a finished answer is kept and replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim still `running` after this long is taken to be abandoned (its process died or was
 * stopped mid-request, or could not record the outcome) and the next request with the key runs.
 * Without it a crash would answer `idempotency_key_in_use` for the full 24 h. Longer than any
 * request runs (cloud mutations take well under a second; a generation a few minutes at most).
 */
export const RUNNING_LEASE_SECONDS = 10 * 60;

export type ClaimRequest = {
  projectId: string;
  key: string;
  /** Method, path and body hash. */
  fingerprint: string;
  /** The claiming request's id: the record's owner, and the `request_id` its replays repeat. */
  requestId: string;
  ttlSeconds?: number;
  leaseSeconds?: number;
};

export type Claim =
  | { outcome: "claimed" }
  | { outcome: "replay"; status: number; body: string }
  | { outcome: "running" }
  | { outcome: "mismatch" };

type Row = { fingerprint: string; state: string; response_status: number | null; response_body: string | null };

/** Claims the key for this request, or says what the record that holds it answers instead. */
export async function claimKey(request: ClaimRequest): Promise<Claim> {
  const ttl = request.ttlSeconds ?? IDEMPOTENCY_TTL_SECONDS;
  const lease = request.leaseSeconds ?? RUNNING_LEASE_SECONDS;
  // A record released or swept between the two statements is gone: claim again. Three rounds
  // only happen under a storm of releases; then the key is simply busy.
  for (let round = 0; round < 3; round++) {
    // One statement: a new key is inserted; an expired or abandoned record is taken over in the
    // same step (the row lock makes every concurrent claimant see the winner's fresh record).
    const claimed = await db().$queryRaw<{ request_id: string }[]>`
      INSERT INTO idempotency_keys (project_id, key, fingerprint, state, request_id, created_at, expires_at)
      VALUES (${request.projectId}, ${request.key}, ${request.fingerprint}, 'running', ${request.requestId},
              now(), now() + make_interval(secs => ${ttl}::float8))
      ON CONFLICT (project_id, key) DO UPDATE SET
        fingerprint = EXCLUDED.fingerprint, state = 'running', response_status = NULL, response_body = NULL,
        request_id = EXCLUDED.request_id, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.state = 'running' AND idempotency_keys.created_at <= now() - make_interval(secs => ${lease}::float8))
      RETURNING request_id`;
    if (claimed.length === 1) return { outcome: "claimed" };
    const [held] = await db().$queryRaw<Row[]>`
      SELECT fingerprint, state, response_status, response_body FROM idempotency_keys
      WHERE project_id = ${request.projectId} AND key = ${request.key}`;
    if (!held) continue;
    if (held.fingerprint !== request.fingerprint) return { outcome: "mismatch" };
    if (held.state !== "done") return { outcome: "running" };
    return { outcome: "replay", status: held.response_status ?? 200, body: held.response_body ?? "" };
  }
  return { outcome: "running" };
}

type Owner = { projectId: string; key: string; requestId: string };

/** Stores the answer of a claimed request; false when the claim was lost (taken over). */
export async function completeKey(owner: Owner, status: number, body: string): Promise<boolean> {
  const count = await db().$executeRaw`
    UPDATE idempotency_keys SET state = 'done', response_status = ${status}, response_body = ${body}
    WHERE project_id = ${owner.projectId} AND key = ${owner.key} AND request_id = ${owner.requestId} AND state = 'running'`;
  return count === 1;
}

/** Forgets a claim, so that the next request with the key runs; false when it was not held. */
export async function releaseKey(owner: Owner): Promise<boolean> {
  const count = await db().$executeRaw`
    DELETE FROM idempotency_keys
    WHERE project_id = ${owner.projectId} AND key = ${owner.key} AND request_id = ${owner.requestId} AND state = 'running'`;
  return count === 1;
}

/**
 * Deletes up to `limit` expired records; returns how many. Expired records already count as
 * absent (a claim takes them over), so this only keeps the table small. Replicas sweeping at once
 * skip each other's rows.
 */
export async function sweepExpiredKeys(limit = 1000): Promise<number> {
  return db().$executeRaw`
    DELETE FROM idempotency_keys WHERE (project_id, key) IN (
      SELECT project_id, key FROM idempotency_keys WHERE expires_at <= now()
      ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
}
