// The money rules every kind of spending shares (generations and compute alike): what a workspace
// can pay, checked under the workspace's row lock, and the 402 that says so. Charges themselves
// are written in charges.ts; balances only ever move in ledger.ts.
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { toCredits } from "./credits";

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
