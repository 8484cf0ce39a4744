// The ledger: every movement of a workspace balance is an append-only entry written in the same
// statement as the balance change, so Σ entries = balance always. Balances move here (grants,
// top-ups and charges inside a transaction: charges.ts) and in the one-statement settlement of a
// held reservation (settle-statement.ts); both build their entry from sql-pieces.ts.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { Prisma } from "@prisma/client";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import type { Tx } from "../db";
import { db } from "../db";
import { AppError } from "../errors";
import { outboxWritten, writeEvent } from "../events/outbox";
import { toCredits } from "./credits";
import { ledgerEntry, lowBalanceEvent, type EntryKind } from "./sql-pieces";

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
 * Moves a balance and records it, inside the caller's transaction, with the rows `alongside` (more
 * pieces of sql-pieces.ts: a charge's usage rows). The CHECK constraints refuse a balance below
 * zero or below what is reserved; callers check availability first.
 */
export async function applyEntry(tx: Tx, entry: Entry, alongside: Prisma.Sql[] = []): Promise<bigint> {
  const amount = Prisma.sql`${entry.amount}::bigint`;
  // One statement moves the balance and writes its rows: the workspace row is the hottest lock of
  // the service, so it is held for as few round trips as possible (callers do this last).
  const rows = await tx.$queryRaw<{ balance: bigint; events: bigint }[]>`
    WITH moved AS (
      UPDATE workspaces SET balance = balance + ${amount}, reserved = reserved - ${entry.releaseReserved ?? 0n}::bigint
      WHERE id = ${entry.workspaceId}
      RETURNING id, balance, low_balance_threshold AS threshold),
    ${Prisma.join([ledgerEntry(amount, entry), lowBalanceEvent(amount), ...alongside], ",\n    ")}
    SELECT balance, (SELECT count(*) FROM low) AS events FROM moved`;
  if (rows.length === 0) throw new AppError("not_found", `No workspace ${quoted(entry.workspaceId)}.`);
  const { balance, events } = rows[0];
  if (BigInt(events) > 0n) outboxWritten.emit("written");
  if (entry.amount > 0n) {
    await writeEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "billing.credits_added",
      subject: entry.workspaceId,
      data: { amount: toCredits(entry.amount), balance: toCredits(balance), kind: entry.kind },
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
      const workspace = await tx.workspace.findUnique({ where: { id: workspaceId }, select: { name: true } });
      const target = { type: "workspace", id: workspaceId, name: workspace?.name ?? null };
      await recordAudit(tx, { workspaceId, action: "operator.grant_credits", by: credit.grantedBy, target, changes: { credits: [null, toCredits(micro)] } });
    }
    return balance;
  });
}
