// Reservations hold credits for work in flight. reserve → settle (charge the actual, free the
// rest) or release (free it all); a reservation left by a crashed process expires and the sweeper
// frees it. Every step is one conditional statement or one transaction, so it is exact under any
// concurrency, and each step happens at most once (settling twice charges once).
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { log } from "../log";
import { chargeEvenWithoutMetadata, writeCharge, type ChargeInput } from "./charges";
import { insufficientCredits, keyLimitReached, lockFunds } from "./funds";
import { creditGroup, groupQuery } from "./group-commit";
import { settleHeld } from "./settle-statement";
import { clockNow } from "../clock";
import { generationRow, heldLess, onKeyLine, spendPeriodStart, type GenerationRecord } from "./sql-pieces";

/** `heldAt`: the service's clock when it was held, the moment its key-spend periods are of. */
export type Reservation = { id: string; workspaceId: string; amount: bigint; keyId?: string | null; heldAt?: Date };

/** Why a hold was refused: the key's line is at its limit, or the workspace has only `available` µcr (null: no such workspace). */
export type Refusal = { code: "key_credit_limit_reached" } | { code: "insufficient_credits"; available: bigint | null };

/**
 * Holds `amount` µcr if `balance − reserved` covers it, else 402 `insufficient_credits`; with a
 * key, also on the key's spend rows of their current periods (the key's line), within each
 * one's credit limit, else 402 `key_credit_limit_reached`. One round trip (the `reserve_credits` function of the
 * migrations): both checks, both holds and the record happen together or not at all.
 */
export async function reserve(workspaceId: string, amount: bigint, ttlSeconds: number, keyId: string | null = null): Promise<Reservation> {
  const held = await tryReserve(workspaceId, amount, ttlSeconds, keyId);
  return "code" in held ? refuse(held, workspaceId, keyId, amount) : held;
}

/** reserve, with a refusal returned rather than thrown. */
export async function tryReserve(workspaceId: string, amount: bigint, ttlSeconds: number, keyId: string | null, id = newId("rsv")): Promise<Reservation | Refusal> {
  if (amount <= 0n) throw new RangeError("a reservation must be positive");
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const heldAt = clockNow();
  const [row] = await groupQuery<{ outcome: string }>(
    creditGroup(workspaceId, keyId),
    "reserve_credits",
    Prisma.sql`SELECT reserve_credits(${id}, ${workspaceId}, ${keyId}::text, ${amount}::bigint, ${expiresAt}::timestamptz, ${heldAt}::timestamptz) AS outcome`,
  );
  const [outcome, available] = (row?.outcome ?? "insufficient_credits").split(" ");
  if (outcome === "held") return { id, workspaceId, amount, keyId, heldAt };
  if (outcome === "key_credit_limit_reached") return { code: outcome };
  return { code: "insufficient_credits", available: available === undefined ? null : BigInt(available) };
}

/** The 402 of a refusal (404 for a workspace that is gone). */
export async function refuse(refusal: Refusal, workspaceId: string, keyId: string | null, required: bigint): Promise<never> {
  if (refusal.code === "key_credit_limit_reached" && keyId) throw await keyLimitReached(keyId, required);
  const available = refusal.code === "insufficient_credits" ? refusal.available : null;
  if (available === null) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
  throw insufficientCredits(available, required);
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
  const held = await chargeEvenWithoutMetadata(usage, (charge) => settleHeld(group, reservation.id, actual, charge, generation), { reservation: reservation.id });
  if (held) {
    if (actual > held.charged) log.warn({ reservation: reservation.id, actual: String(actual), charged: String(held.charged) }, "usage over reservation capped");
    return { status: "settled", charged: held.charged };
  }
  return db().$transaction((tx) => settleClosed(tx, reservation, actual, usage, generation));
}

async function settleClosed(tx: Tx, reservation: Reservation, actual: bigint, usage: ChargeInput, generation?: GenerationRecord): Promise<Settlement> {
  const found = await tx.reservation.findUnique({ where: { id: reservation.id }, select: { status: true, charged: true, amount: true, keyId: true, createdAt: true } });
  if (!found) throw new AppError("not_found", `No reservation ${quoted(reservation.id)}.`);
  if (found.status === "settled") return { status: "already_settled", charged: found.charged ?? 0n };
  if (found.status === "released") return { status: "refused", charged: 0n };
  const charged = actual < found.amount ? actual : found.amount;
  const claim = () => tx.$executeRaw`
    UPDATE reservations SET status = 'settled', charged = ${charged}, closed_at = now()
    WHERE id = ${reservation.id} AND status = 'expired'`;
  const held = { workspaceId: reservation.workspaceId, keyId: found.keyId, heldAt: found.createdAt, entryId: reservation.id };
  return chargeLate(tx, held, charged, usage, generation, claim);
}

/**
 * Charges a hold the sweeper already freed (its process was too slow to settle it), directly and
 * only from what is available now: the key's rows (of the hold's periods) and the workspace's row
 * are locked first, so no reservation can take the same credits meanwhile. `claim` marks the
 * hold settled and says whether it still could be (a whole reservation); the ledger entry's
 * unique reservation id `entryId` keeps it charged once either way. Refused, nothing charged, when
 * the balance no longer covers it.
 */
export async function chargeLate(
  tx: Tx,
  held: { workspaceId: string; keyId: string | null; heldAt: Date; entryId: string },
  charged: bigint,
  usage: ChargeInput,
  generation?: GenerationRecord,
  claim: () => Promise<number> = async () => 1,
): Promise<Settlement> {
  const keyPeriods = onKeyLine(Prisma.sql`${held.keyId}::text`, Prisma.sql`${held.heldAt}::timestamptz`);
  // The key's rows before the workspace's, as everywhere (the sweeper already freed their hold).
  if (held.keyId) await tx.$queryRaw`SELECT key_id FROM key_monthly_spend WHERE ${keyPeriods} ORDER BY key_id FOR UPDATE`;
  const available = await lockFunds(tx, held.workspaceId);
  const taken = available !== null && available >= charged ? await claim() : 0;
  if (taken === 0) {
    log.warn({ hold: held.entryId }, "late settlement of an expired hold refused: balance too low");
    return { status: "refused", charged: 0n };
  }
  if (held.keyId) await tx.$executeRaw`UPDATE key_monthly_spend SET used = used + ${charged} WHERE ${keyPeriods}`;
  await writeCharge(tx, held.workspaceId, charged, usage, { reservationId: held.entryId, releaseReserved: 0n }, generation);
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
      UPDATE key_monthly_spend s SET reserved = ${heldLess(Prisma.sql`closed.amount`)}
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
      SELECT line.key_id, ${spendPeriodStart(Prisma.sql`k.limit_reset`, Prisma.sql`expired.created_at`)} AS month, SUM(amount) AS amount
      FROM expired CROSS JOIN LATERAL unnest(key_line(expired.key_id)) AS line(key_id) JOIN api_keys k ON k.id = line.key_id
      WHERE expired.key_id IS NOT NULL GROUP BY 1, 2),
    key_freed AS (
      UPDATE key_monthly_spend s SET reserved = ${heldLess(Prisma.sql`key_totals.amount`)}
      FROM key_totals WHERE s.key_id = key_totals.key_id AND s.month = key_totals.month
      RETURNING s.key_id),
    totals AS (SELECT workspace_id, SUM(amount) AS amount, COUNT(*) AS n FROM expired GROUP BY workspace_id),
    freed AS (
      UPDATE workspaces w SET reserved = w.reserved - totals.amount FROM totals
      WHERE w.id = totals.workspace_id AND (SELECT count(*) FROM key_freed) >= 0 RETURNING totals.n)
    SELECT COALESCE(SUM(n), 0)::bigint AS count FROM freed`;
  return Number(rows[0]?.count ?? 0);
}

