// Reservations hold credits for work in flight. reserve → settle (charge the actual, free the
// rest) or release (free it all); a reservation left by a crashed process expires and the sweeper
// frees it. Every step is one conditional statement or one transaction, so it is exact under any
// concurrency, and each step happens at most once (settling twice charges once).
import "server-only";
import { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { log } from "../log";
import { writeCharge, type ChargeInput } from "./charges";
import { insufficientCredits, keyLimitReached, lockFunds } from "./funds";
import { creditGroup, groupQuery } from "./group-commit";
import { settleHeld } from "./settle-statement";
import { generationRow, onKeyLine, spendMonth, type GenerationRecord } from "./sql-pieces";

export type Reservation = { id: string; workspaceId: string; amount: bigint; keyId?: string | null };

/**
 * Holds `amount` µcr if `balance − reserved` covers it, else 402 `insufficient_credits`; with a
 * key, also on the key's spend row of this UTC month, within the key's monthly limit if it has
 * one, else 402 `key_credit_limit_reached`. One round trip (the `reserve_credits` function of the
 * migrations): both checks, both holds and the record happen together or not at all.
 */
export async function reserve(workspaceId: string, amount: bigint, ttlSeconds: number, keyId: string | null = null): Promise<Reservation> {
  if (amount <= 0n) throw new RangeError("a reservation must be positive");
  const id = newId("rsv");
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const [row] = await groupQuery<{ outcome: string }>(
    creditGroup(workspaceId, keyId),
    "reserve_credits",
    Prisma.sql`SELECT reserve_credits(${id}, ${workspaceId}, ${keyId}::text, ${amount}::bigint, ${expiresAt}::timestamptz) AS outcome`,
  );
  if (row?.outcome === "key_credit_limit_reached") await refuseForKey(keyId!, amount);
  if (row?.outcome !== "held") await refuse(workspaceId, amount);
  return { id, workspaceId, amount, keyId };
}

/** 402 `key_credit_limit_reached` for `required` µcr more on the key's line this month (keyLimitReached). */
async function refuseForKey(keyId: string, required: bigint): Promise<never> {
  throw await keyLimitReached(keyId, required);
}

async function refuse(workspaceId: string, required: bigint): Promise<never> {
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { balance: true, reserved: true } });
  if (!workspace) throw new AppError("not_found", `No workspace ${workspaceId}.`);
  throw insufficientCredits(workspace.balance - workspace.reserved, required);
}

export type { ChargeInput } from "./charges";

export type Settlement = { status: "settled" | "already_settled" | "refused"; charged: bigint };

/**
 * Charges the actual amount and frees the rest, with the usage record (and the generation's,
 * when given): one statement while the reservation is held (settle-statement.ts), else one
 * transaction. Policy: never more than was reserved (a larger actual is capped and logged).
 * Settling twice charges once; a settlement whose metadata the database refuses is written
 * without it. A reservation the sweeper already expired is charged directly if
 * the available balance covers it, otherwise refused (nothing charged, logged): the balance never
 * goes negative.
 */
export async function settle(reservation: Reservation, actual: bigint, usage: ChargeInput, generation?: GenerationRecord): Promise<Settlement> {
  const group = creditGroup(reservation.workspaceId, reservation.keyId ?? null);
  const held = await settleHeld(group, reservation.id, actual, usage, generation).catch((error: unknown) => {
    // The work was done: a caller's value the database refuses (metadata is the one free-form
    // column) must not make it free. The failed statement changed nothing; charge without it.
    if (usage.metadata === undefined) throw error;
    log.error({ err: error, reservation: reservation.id }, "settlement refused; charged again without its metadata");
    return settleHeld(group, reservation.id, actual, { ...usage, metadata: undefined }, generation);
  });
  if (held) {
    if (actual > held.charged) log.warn({ reservation: reservation.id, actual: String(actual), charged: String(held.charged) }, "usage over reservation capped");
    return { status: "settled", charged: held.charged };
  }
  return db().$transaction((tx) => settleClosed(tx, reservation, actual, usage, generation));
}

async function settleClosed(tx: Tx, reservation: Reservation, actual: bigint, usage: ChargeInput, generation?: GenerationRecord): Promise<Settlement> {
  const found = await tx.reservation.findUnique({ where: { id: reservation.id }, select: { status: true, charged: true, amount: true, keyId: true, createdAt: true } });
  if (!found) throw new AppError("not_found", `No reservation ${reservation.id}.`);
  if (found.status === "settled") return { status: "already_settled", charged: found.charged ?? 0n };
  if (found.status === "released") return { status: "refused", charged: 0n };
  // Expired: charge directly, only from what is available now (the workspace row is locked so
  // no reservation can take the same credits meanwhile).
  const charged = actual < found.amount ? actual : found.amount;
  const keyMonth = onKeyLine(Prisma.sql`${found.keyId}::text`, Prisma.sql`${found.createdAt}::timestamptz`);
  // The key's rows before the workspace's, as everywhere (the sweeper already freed their hold).
  if (found.keyId) await tx.$queryRaw`SELECT key_id FROM key_monthly_spend WHERE ${keyMonth} ORDER BY key_id FOR UPDATE`;
  const available = await lockFunds(tx, reservation.workspaceId);
  const taken =
    available !== null && available >= charged
      ? await tx.$executeRaw`
          UPDATE reservations SET status = 'settled', charged = ${charged}, closed_at = now()
          WHERE id = ${reservation.id} AND status = 'expired'`
      : 0;
  if (taken === 0) {
    log.warn({ reservation: reservation.id }, "late settlement of an expired reservation refused: balance too low");
    return { status: "refused", charged: 0n };
  }
  if (found.keyId) await tx.$executeRaw`UPDATE key_monthly_spend SET used = used + ${charged} WHERE ${keyMonth}`;
  await writeCharge(tx, reservation.workspaceId, charged, usage, { reservationId: reservation.id, releaseReserved: 0n }, generation);
  return { status: "settled", charged };
}

/**
 * Frees a held reservation without charging, with the record of the generation it held for when
 * given (one that failed, or whose client left before any text: nothing used, nothing charged).
 * False when it was already settled, released or expired (and then nothing is recorded).
 */
export async function release(reservation: Reservation, failed?: { generation: GenerationRecord; projectId: string; keyId: string | null }): Promise<boolean> {
  const record = failed
    ? Prisma.sql`, ${generationRow(
        failed.generation,
        { projectId: failed.projectId, keyId: failed.keyId, engine: failed.generation.product, inputTokens: 0, outputTokens: 0 },
        Prisma.sql`0::bigint`,
        Prisma.raw("freed"),
      )}`
    : Prisma.empty;
  // The workspace's update waits for the key's (the uncorrelated subquery runs first): key row
  // before workspace, the lock order of reserve.
  const [row] = await db().$queryRaw<{ freed: number }[]>`
    WITH closed AS (
      UPDATE reservations SET status = 'released', closed_at = now()
      WHERE id = ${reservation.id} AND status = 'held'
      RETURNING workspace_id, amount, key_id, created_at),
    key_freed AS (
      UPDATE key_monthly_spend s SET reserved = s.reserved - closed.amount
      FROM closed WHERE ${onKeyLine(Prisma.sql`closed.key_id`, Prisma.sql`closed.created_at`, Prisma.raw("s"))}
      RETURNING s.key_id),
    freed AS (
      UPDATE workspaces w SET reserved = w.reserved - closed.amount FROM closed
      WHERE w.id = closed.workspace_id AND (SELECT count(*) FROM key_freed) >= 0
      RETURNING w.id)${record}
    SELECT count(*)::int AS freed FROM freed`;
  return row.freed === 1;
}

/**
 * Expires held reservations past their time and frees their credits (the workspace's and the
 * key's), in one statement. Rows another replica is sweeping are skipped (SKIP LOCKED), so every
 * replica may run it at once. Returns how many it expired.
 */
export async function sweepExpired(limit = 500): Promise<number> {
  const rows = await db().$queryRaw<{ count: bigint }[]>`
    WITH expired AS (
      UPDATE reservations SET status = 'expired', closed_at = now()
      WHERE id IN (
        SELECT id FROM reservations WHERE status = 'held' AND expires_at < now()
        ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING workspace_id, amount, key_id, created_at),
    key_totals AS (
      SELECT line.key_id, ${spendMonth(Prisma.sql`expired.created_at`)} AS month, SUM(amount) AS amount
      FROM expired CROSS JOIN LATERAL unnest(key_line(expired.key_id)) AS line(key_id)
      WHERE expired.key_id IS NOT NULL GROUP BY 1, 2),
    key_freed AS (
      UPDATE key_monthly_spend s SET reserved = s.reserved - key_totals.amount
      FROM key_totals WHERE s.key_id = key_totals.key_id AND s.month = key_totals.month
      RETURNING s.key_id),
    totals AS (SELECT workspace_id, SUM(amount) AS amount, COUNT(*) AS n FROM expired GROUP BY workspace_id),
    freed AS (
      UPDATE workspaces w SET reserved = w.reserved - totals.amount FROM totals
      WHERE w.id = totals.workspace_id AND (SELECT count(*) FROM key_freed) >= 0 RETURNING totals.n)
    SELECT COALESCE(SUM(n), 0)::bigint AS count FROM freed`;
  return Number(rows[0]?.count ?? 0);
}

