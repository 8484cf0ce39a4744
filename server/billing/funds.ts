// The money rules every kind of spending shares (generations and compute alike): what a workspace
// can pay, checked under the workspace's row lock, and the 402 that says so. Charges themselves
// are written in charges.ts and settle-statement.ts (ledger.ts says where balances move).
import "server-only";
import { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { toCredits } from "./credits";
import { clockNow } from "../clock";
import { perPeriod, type LimitReset } from "../vocab/limit-resets";
import { onKeyLine, spendPeriod, spendPeriodStart } from "./sql-pieces";

/** The key `k`'s spend row `s` of its period at `at`, to join on. */
const ownPeriod = (at: Date) => Prisma.sql`s.key_id = k.id AND s.month = ${spendPeriodStart(Prisma.sql`k.limit_reset`, Prisma.sql`${at}`)}`;

/** Locks the workspace's row until the transaction ends and returns what it can pay: balance − reserved. */
export async function lockFunds(tx: Tx, workspaceId: string): Promise<bigint | null> {
  const [funds] = await tx.$queryRaw<{ available: bigint }[]>`
    SELECT balance - reserved AS available FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
  return funds?.available ?? null;
}

/** What a workspace can pay now (balance − reserved), read without a lock: a cheap early refusal only. */
export async function availableFunds(workspaceId: string): Promise<bigint> {
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { balance: true, reserved: true } });
  return workspace ? workspace.balance - workspace.reserved : 0n;
}

/** 402 `insufficient_credits` with the contract's members; `message` says what the credits were for. */
export function insufficientCredits(available: bigint, required: bigint, message?: string): AppError {
  return new AppError(
    "insufficient_credits",
    message ?? `This needs up to ${toCredits(required)} credits and ${toCredits(available)} are available. Add credits and retry.`,
    { balance: toCredits(available), required: toCredits(required) },
  );
}

/** Locks the workspace and refuses with 402 unless it can pay `required` now. */
export async function requireFunds(tx: Tx, workspaceId: string, required: bigint, message?: string): Promise<void> {
  const available = (await lockFunds(tx, workspaceId)) ?? 0n;
  if (available < required) throw insufficientCredits(available, required, message);
}

/**
 * 402 `key_credit_limit_reached`: the limit of the key's line that `required` µcr more would pass
 * in its period (the key's own, or that of a key above it, which its descendants' spend counts
 * against), with what is spent or held on it and when it resets.
 */
export async function keyLimitReached(keyId: string, required: bigint, tx: Tx = db(), at = clockNow()): Promise<AppError> {
  const [row] = await tx.$queryRaw<{ id: string; limit: bigint; used: bigint; reset: LimitReset; resets_on: Date }[]>`
    SELECT k.id, k.monthly_credit_limit AS "limit", COALESCE(s.used + s.reserved, 0) AS used, k.limit_reset AS reset,
           upper(${spendPeriod(Prisma.sql`k.limit_reset`, Prisma.sql`${at}`)}) AS resets_on
    FROM api_keys k LEFT JOIN key_monthly_spend s ON ${ownPeriod(at)}
    WHERE k.id = ANY(key_line(${keyId})) AND k.monthly_credit_limit IS NOT NULL
    ORDER BY k.monthly_credit_limit - COALESCE(s.used + s.reserved, 0), k.id = ${keyId} DESC LIMIT 1`;
  const limit = row?.limit ?? 0n;
  const used = row?.used ?? 0n;
  const whose = !row || row.id === keyId ? "This key may spend" : `The key ${row.id} above this one (its spend includes this key's) may spend`;
  const resets = row ? ` at ${row.resets_on.toISOString().slice(0, 10)}T00:00:00Z` : "";
  return new AppError(
    "key_credit_limit_reached",
    `${whose} ${toCredits(limit)} credits ${perPeriod[row?.reset ?? "monthly"]}; ${toCredits(used)} are spent or held by requests in flight, ` +
      `and this request needs up to ${toCredits(required)}. Raise the key's credit_limit, or wait for its reset${resets}.`,
    { limit: toCredits(limit), used: toCredits(used), required: toCredits(required) },
  );
}

/**
 * Charges `amount` µcr on the key's spend row of its period at `at` and every ancestor's, within
 * each one's limit (false, nothing taken, otherwise). Their rows stay locked until the transaction
 * ends: call it before lockFunds, the order reserve keeps.
 */
export async function chargeKeyLine(tx: Tx, keyId: string, amount: bigint, at: Date): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ taken: boolean }[]>`
    SELECT take_on_key_line(${keyId}, ${amount}::bigint, ${at}::timestamptz, TRUE) AS taken`;
  return row?.taken === true;
}

/** Gives back a charge chargeKeyLine took at `at` in this transaction (its rows are still locked). */
export async function refundKeyLine(tx: Tx, keyId: string, amount: bigint, at: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE key_monthly_spend SET used = used - ${amount}::bigint WHERE ${onKeyLine(Prisma.sql`${keyId}::text`, Prisma.sql`${at}::timestamptz`)}`;
}

/**
 * Refuses with 402 `key_credit_limit_reached` unless `required` µcr more fit the current period
 * within the limit of the key and of every key above it (what is spent and held counts). A check,
 * nothing held: compute hours are charged as they begin (chargeKeyLine).
 */
export async function requireKeyRoom(tx: Tx, keyId: string, required: bigint): Promise<void> {
  const at = clockNow();
  const [row] = await tx.$queryRaw<{ over: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM api_keys k LEFT JOIN key_monthly_spend s ON ${ownPeriod(at)}
      WHERE k.id = ANY(key_line(${keyId})) AND k.monthly_credit_limit IS NOT NULL
        AND COALESCE(s.used + s.reserved, 0) + ${required}::bigint > k.monthly_credit_limit) AS over`;
  if (row?.over) throw await keyLimitReached(keyId, required, tx, at);
}
