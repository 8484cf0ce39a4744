// Durable jobs: a row per piece of background work, written in the transaction that asks for it,
// so it survives a crash or restart. Claimed with SKIP LOCKED under a lease: any replica may run a
// job and no two run it at once; a lease left by a dead process expires and the job runs again
// (handlers are idempotent).
import "server-only";
import type { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { newId } from "../ids";

export type JobRow = { id: string; kind: string; payload: Prisma.JsonValue; attempts: number };

export async function enqueue(tx: Tx, kind: string, payload: Prisma.InputJsonObject, runAt = new Date()): Promise<string> {
  const id = newId("job");
  await tx.job.create({ data: { id, kind, payload, runAt } });
  return id;
}

export async function claim(limit: number, leaseSeconds: number): Promise<JobRow[]> {
  return db().$queryRaw<JobRow[]>`
    UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE done_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts`;
}

export async function finish(id: string, error?: string): Promise<void> {
  await db().job.update({ where: { id }, data: { doneAt: new Date(), lockedUntil: null, lastError: error ?? null } });
}

export async function retryLater(id: string, error: string, delayMs: number): Promise<void> {
  await db().job.update({ where: { id }, data: { lockedUntil: null, lastError: error, runAt: new Date(Date.now() + delayMs) } });
}

/** Extends the leases of jobs this process still runs. */
export async function renewLeases(ids: string[], leaseSeconds: number): Promise<void> {
  await db().$executeRaw`UPDATE jobs SET locked_until = now() + make_interval(secs => ${leaseSeconds}) WHERE id = ANY(${ids}::text[]) AND done_at IS NULL`;
}

/** Hands back the leases of jobs this process holds (graceful stop): another replica takes them at once. */
export async function releaseLeases(ids: string[]): Promise<void> {
  if (ids.length) await db().job.updateMany({ where: { id: { in: ids }, doneAt: null }, data: { lockedUntil: null } });
}
