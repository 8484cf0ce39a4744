// The ledger: the only module that writes a workspace balance. Every movement is an append-only
// entry written in the same transaction as the balance change, so Σ entries = balance always.
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import type { Tx } from "../db";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { writeEvent } from "../events/outbox";
import { toCredits } from "./credits";

export type EntryKind = "top_up" | "grant" | "charge" | "refund";

export type Entry = {
  workspaceId: string;
  kind: EntryKind;
  /** Signed micro-credits. */
  amount: bigint;
  description: string;
  /** What a charge paid for: a generation (`gen_...`) or an instance (`ins_...`). */
  resource?: string | null;
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
  // One statement moves the balance and appends its entry: the workspace row is the hottest lock
  // of the service, so it is held for as few round trips as possible (callers do this last).
  const rows = await tx.$queryRaw<{ balance: bigint; threshold: bigint }[]>`
    WITH moved AS (
      UPDATE workspaces SET balance = balance + ${entry.amount}::bigint, reserved = reserved - ${release}::bigint
      WHERE id = ${entry.workspaceId}
      RETURNING id, balance, low_balance_threshold),
    entry AS (
      INSERT INTO ledger_entries (id, workspace_id, kind, amount, balance_after, reservation_id, project_id, resource, description)
      SELECT ${newId("txn")}::text, moved.id, ${entry.kind}::text, ${entry.amount}::bigint, moved.balance,
             ${entry.reservationId ?? null}::text, ${entry.projectId ?? null}::text, ${entry.resource ?? null}::text, ${entry.description}::text
      FROM moved WHERE ${entry.amount}::bigint <> 0)
    SELECT balance, low_balance_threshold AS threshold FROM moved`;
  if (rows.length === 0) throw new AppError("not_found", `No workspace ${entry.workspaceId}.`);
  const { balance, threshold } = rows[0];
  const before = balance - entry.amount;
  if (entry.amount > 0n) {
    await writeEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "billing.credits_added",
      subject: entry.workspaceId,
      data: { amount: toCredits(entry.amount), balance: toCredits(balance), kind: entry.kind },
    });
  } else if (before >= threshold && balance < threshold) {
    await writeEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "billing.balance_low",
      subject: entry.workspaceId,
      data: { balance: toCredits(balance), threshold: toCredits(threshold) },
    });
  }
  return balance;
}

/** A grant (the default; `grantedBy` names the operator for the audit log) or a top-up. */
export type Credit = { kind?: "grant"; description?: string; grantedBy?: AuditActor } | { kind: "top_up"; description?: string };

/** Adds credits. Returns the new balance in µcr. */
export async function addCredits(workspaceId: string, micro: bigint, credit: Credit = {}): Promise<bigint> {
  if (micro <= 0n) throw new AppError("invalid_body", "The amount must be positive.", { param: "credits" });
  const kind = credit.kind ?? "grant";
  return db().$transaction(async (tx) => {
    const balance = await applyEntry(tx, { workspaceId, kind, amount: micro, description: credit.description ?? (kind === "grant" ? "Credits granted" : "Top-up") });
    if (credit.kind !== "top_up" && credit.grantedBy) {
      await recordAudit(tx, { workspaceId, action: "operator.grant_credits", by: credit.grantedBy, target: workspaceId });
    }
    return balance;
  });
}
