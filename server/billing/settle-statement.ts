// The settlement of a hold in one statement, so a generation costs one round trip after its
// answer: take the hold from its reservation row, move the balance and free the hold, move the
// key's hold to its month's spend (on the key's row and every ancestor's: key_line), and write the
// rows every charge writes (sql-pieces.ts): the ledger entry, the usage record and its daily
// rollup, the generation's record, and the low-balance event when this charge crosses the
// threshold. A single statement is atomic by itself, and its locks (reservation row, the key's
// spend rows, then the workspace row: the uncorrelated subquery on `spent` runs first) follow the
// order of reserve. Two forms of the first step: a whole reservation settled (settleHeld), or a
// part of a lease taken (spendFromLease, leases.ts).
import "server-only";
import { ablated } from "../bench-ablation";
import { Prisma } from "@prisma/client";
import { groupQuery } from "./group-commit";
import { outboxWritten } from "../events/outbox";
import { env } from "../env";
import type { ChargeInput } from "./charges";
import { autoRechargeDue, generationRow, heldLess, ledgerEntry, lowBalanceEvent, onKeyLine, usageRows, type GenerationRecord } from "./sql-pieces";

type Moved = { charged: bigint; amount: bigint };

/** A generation that ended without a charge (it failed, or its client left before any text), recorded as its hold is freed. */
export type FailedGeneration = { generation: GenerationRecord; projectId: string; keyId: string | null };

/**
 * Settles the reservation `reservationId` if it is still held; null when it is not (already closed
 * or expired). In the turn of its credit `group` (group-commit.ts).
 */
export function settleHeld(
  group: string,
  reservationId: string,
  actual: bigint,
  charge: ChargeInput,
  generation?: GenerationRecord,
): Promise<Moved | null> {
  const closed = Prisma.sql`
      UPDATE reservations SET status = 'settled', charged = LEAST(${actual}::bigint, amount), closed_at = now()
      WHERE id = ${reservationId} AND status = 'held'
      RETURNING workspace_id, amount, charged, key_id, created_at`;
  return moveHold(group, generation ? "settle_generation" : "settle", closed, { charge, generation, entryId: reservationId });
}

/**
 * Takes `charged + freed` µcr off the lease row `leaseId` while it is held and holds that much:
 * `charged` is spent (with `charge`'s rows, under the ledger's reservation id `holdId`, unique, so
 * the same hold is never charged twice), `freed` goes back to the workspace and the key's line.
 * The row closes when nothing is left on it. With `generation` (and `charge`), its record is
 * written with its charge; with `failed`, the record of a generation that cost nothing. Null when the row is not held or holds less (it expired meanwhile).
 */
export function spendFromLease(
  group: string,
  leaseId: string,
  move: { holdId: string; charged: bigint; freed: bigint; charge?: ChargeInput; generation?: GenerationRecord; failed?: FailedGeneration },
): Promise<Moved | null> {
  const taken = move.charged + move.freed;
  // BENCH ONLY (settlement switched off): the charge is taken as written, nothing is sent.
  if (move.charge && ablated("settlement")) return Promise.resolve({ charged: move.charged, amount: taken });
  const closed = Prisma.sql`
      UPDATE reservations SET amount = amount - ${taken}::bigint, charged = COALESCE(charged, 0) + ${move.charged}::bigint,
        status = CASE WHEN amount > ${taken}::bigint THEN 'held' WHEN COALESCE(charged, 0) + ${move.charged}::bigint > 0 THEN 'settled' ELSE 'released' END,
        closed_at = CASE WHEN amount > ${taken}::bigint THEN NULL ELSE now() END
      WHERE id = ${leaseId} AND status = 'held' AND amount >= ${taken}::bigint
      RETURNING workspace_id, ${taken}::bigint AS amount, ${move.charged}::bigint AS charged, key_id, created_at`;
  const name = `lease${move.charge ? "_charge" : ""}${move.generation || move.failed ? "_generation" : ""}`;
  return moveHold(group, name, closed, { ...move, entryId: move.holdId });
}

/**
 * The rest of the statement after `closed` (the reservation row's change, returning the workspace,
 * the amount freed from the hold, the amount `charged`, the key and the hold's time). Without a
 * `charge` only the holds move (no usage rows; the generation's record, when given, says 0).
 */
async function moveHold(
  group: string,
  name: string,
  closed: Prisma.Sql,
  what: { charge?: ChargeInput; generation?: GenerationRecord; failed?: FailedGeneration; entryId: string },
): Promise<Moved | null> {
  const charged = Prisma.sql`moved.charged`;
  const rows: Prisma.Sql[] = [];
  if (what.charge) {
    const { resource, description, ...usage } = what.charge;
    rows.push(
      ...(ablated("ledger") ? [] : [ledgerEntry(Prisma.sql`-moved.charged`, { kind: "charge", reservationId: what.entryId, projectId: usage.projectId, resource, description })]),
      usageRows(usage, charged, { record: !ablated("usage_record"), rollup: !ablated("usage_rollup") }),
      lowBalanceEvent(Prisma.sql`-moved.charged`),
      autoRechargeDue(env.CREDIT_CURRENCY),
    );
    if (what.generation && !ablated("generation_record")) rows.push(generationRow(what.generation, usage, charged));
  } else {
    rows.push(Prisma.sql`low AS (SELECT 1 WHERE FALSE)`);
    const failed = what.failed;
    if (failed) {
      const usage = { projectId: failed.projectId, keyId: failed.keyId, engine: failed.generation.product, inputTokens: 0, outputTokens: 0 };
      rows.push(generationRow(failed.generation, usage, charged));
    }
  }
  const statement = Prisma.sql`
    WITH closed AS (${closed}),
    spent AS (
      UPDATE key_monthly_spend s SET reserved = ${heldLess(Prisma.sql`closed.amount`)}, used = s.used + closed.charged
      FROM closed WHERE ${onKeyLine(Prisma.sql`closed.key_id`, Prisma.sql`closed.created_at`, Prisma.raw("s"))}
      RETURNING s.key_id),
    moved AS (
      UPDATE workspaces w SET balance = w.balance - closed.charged, reserved = w.reserved - closed.amount
      FROM closed WHERE w.id = closed.workspace_id AND (SELECT count(*) FROM spent) >= 0
      RETURNING w.id, w.balance, w.low_balance_threshold AS threshold, closed.charged, closed.amount),
    ${Prisma.join(rows, ",\n    ")}
    SELECT moved.charged, moved.amount, (SELECT count(*) FROM low) AS events FROM moved`;
  // Straight to the driver, prepared once per connection: int8 columns may come back as strings.
  type Row = { charged: bigint | string; amount: bigint | string; events: bigint | string };
  const result = await groupQuery<Row>(group, name, statement);
  if (result.length === 0) return null;
  if (BigInt(result[0].events) > 0n) outboxWritten.emit("written");
  return { charged: BigInt(result[0].charged), amount: BigInt(result[0].amount) };
}
