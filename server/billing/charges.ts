// The one place a charge is written inside a transaction, in one statement: its ledger entry (the
// balance moves, and a settled reservation's hold is freed) with its usage record and daily
// rollup, and the generation's record when given. Generations whose reservation is still held
// settle through the one-statement form of the same rows (settle-statement.ts); late settlements
// and compute hours come here.
import "server-only";
import { Prisma } from "@prisma/client";
import type { Tx } from "../db";
import { applyEntry } from "./ledger";
import { generationRow, usageRows, type GenerationRecord, type UsageInput } from "./sql-pieces";

/** A charge's usage, and what it paid for as the ledger shows it. */
export type ChargeInput = UsageInput & {
  /** The generation (`gen_...`) or instance (`ins_...`) paid for. */
  resource: string;
  /** Names the resource in words (its hostname, or the generation and its product). */
  description: string;
};

export async function writeCharge(
  tx: Tx,
  workspaceId: string,
  amount: bigint,
  charge: ChargeInput,
  hold: { reservationId?: string; releaseReserved?: bigint } = {},
  generation?: GenerationRecord,
): Promise<void> {
  const { resource, description, ...usage } = charge;
  const credits = Prisma.sql`${amount}::bigint`;
  const rows = [usageRows(usage, credits), ...(generation ? [generationRow(generation, usage, credits)] : [])];
  await applyEntry(
    tx,
    { workspaceId, kind: "charge", amount: -amount, releaseReserved: hold.releaseReserved, reservationId: hold.reservationId, projectId: usage.projectId, resource, description },
    rows,
  );
}
