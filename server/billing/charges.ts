// The one place a charge is written inside a transaction, in one statement: its ledger entry (the
// balance moves, and a settled reservation's hold is freed) with its usage record and daily
// rollup, and the generation's record when given. Generations whose reservation is still held
// settle through the one-statement form of the same rows (settle-statement.ts); late settlements
// and compute hours come here.
import "server-only";
import { Prisma } from "@prisma/client";
import type { Tx } from "../db";
import { isUniqueViolation } from "../db-errors";
import { log } from "../log";
import { applyEntry } from "./ledger";
import { isTransientWriteError } from "./write-surely";
import { autoRechargeDue, generationRow, usageRows, type GenerationRecord, type UsageInput } from "./sql-pieces";
import { env } from "../env";

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
  const rows = [usageRows(usage, credits), autoRechargeDue(env.CREDIT_CURRENCY), ...(generation ? [generationRow(generation, usage, credits)] : [])];
  await applyEntry(
    tx,
    { workspaceId, kind: "charge", amount: -amount, releaseReserved: hold.releaseReserved, reservationId: hold.reservationId, projectId: usage.projectId, resource, description },
    rows,
  );
}

/**
 * Writes a charge with `write`; when the database refuses the charge itself (not a retry's
 * duplicate, not an outage), once more without its metadata, the one free-form column: the work
 * was done and must not be free. The refused statement changed nothing.
 */
export async function chargeEvenWithoutMetadata<T>(charge: ChargeInput, write: (charge: ChargeInput) => Promise<T>, about: Record<string, string>): Promise<T> {
  try {
    return await write(charge);
  } catch (error) {
    if (charge.metadata === undefined || isUniqueViolation(error) || isTransientWriteError(error)) throw error;
    log.error({ err: error, ...about }, "settlement refused; charged again without its metadata");
    return write({ ...charge, metadata: undefined });
  }
}
