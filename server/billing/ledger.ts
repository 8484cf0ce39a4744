// The ledger: the only module that writes a workspace balance. Every movement is an append-only
// entry written in the same transaction as the balance change, so Σ entries = balance always.
import type { Tx } from "../db";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { writeEvent } from "../webhooks/outbox";
import { toCredits } from "./credits";

export type EntryKind = "top_up" | "grant" | "charge" | "refund";

export type Entry = {
  workspaceId: string;
  kind: EntryKind;
  /** Signed micro-credits. */
  amount: bigint;
  description: string;
  reservationId?: string;
  projectId?: string | null;
  /** Held credits this movement frees (a settled reservation). */
  releaseReserved?: bigint;
};

/**
 * Moves a balance and records it, inside the caller's transaction. The CHECK constraints refuse
 * a balance below zero or below what is reserved; callers check availability first.
 */
export async function applyEntry(tx: Tx, entry: Entry): Promise<bigint> {
  const release = entry.releaseReserved ?? 0n;
  const rows = await tx.$queryRaw<{ balance: bigint; threshold: bigint }[]>`
    UPDATE workspaces SET balance = balance + ${entry.amount}, reserved = reserved - ${release}
    WHERE id = ${entry.workspaceId}
    RETURNING balance, low_balance_threshold AS threshold`;
  if (rows.length === 0) throw new AppError("not_found", `No workspace ${entry.workspaceId}.`);
  const { balance, threshold } = rows[0];
  if (entry.amount !== 0n) {
    await tx.ledgerEntry.create({
      data: {
        id: newId("txn"),
        workspaceId: entry.workspaceId,
        kind: entry.kind,
        amount: entry.amount,
        balanceAfter: balance,
        reservationId: entry.reservationId,
        projectId: entry.projectId ?? null,
        description: entry.description,
      },
    });
  }
  const before = balance - entry.amount;
  if (entry.amount > 0n) {
    await writeEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "billing.credits_added",
      data: { amount: toCredits(entry.amount), balance: toCredits(balance), kind: entry.kind },
    });
  } else if (before >= threshold && balance < threshold) {
    await writeEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "billing.balance_low",
      data: { balance: toCredits(balance), threshold: toCredits(threshold) },
    });
  }
  return balance;
}

/** Adds credits (an operator grant or a top-up). Returns the new balance in µcr. */
export async function addCredits(workspaceId: string, micro: bigint, kind: "grant" | "top_up" = "grant", description?: string): Promise<bigint> {
  if (micro <= 0n) throw new AppError("invalid_body", "The amount must be positive.", { param: "credits" });
  return db().$transaction((tx) =>
    applyEntry(tx, { workspaceId, kind, amount: micro, description: description ?? (kind === "grant" ? "Credits granted" : "Top-up") }),
  );
}
