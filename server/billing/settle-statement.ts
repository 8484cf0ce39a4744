// The settlement of a held reservation in one statement, so a generation costs one round trip
// after its answer: close the reservation, move the balance and free the hold, move the key's hold
// to its month's spend (on the key's row and every ancestor's: key_line), and write the rows every
// charge writes (sql-pieces.ts): the ledger entry, the usage record and its daily rollup, the
// generation's record, and the low-balance event when this charge crosses the threshold. A single
// statement is atomic by itself, and its locks (reservation row, the key's spend rows, then the
// workspace row: the uncorrelated subquery on `spent` runs first) follow the order of reserve.
import "server-only";
import { Prisma } from "@prisma/client";
import { groupQuery } from "./group-commit";
import { outboxWritten } from "../events/outbox";
import type { ChargeInput } from "./charges";
import { generationRow, ledgerEntry, lowBalanceEvent, onKeyLine, usageRows, type GenerationRecord } from "./sql-pieces";

/**
 * Settles the reservation `reservationId` if it is still held; null when it is not (already closed
 * or expired). In the turn of its credit `group` (group-commit.ts).
 */
export async function settleHeld(
  group: string,
  reservationId: string,
  actual: bigint,
  charge: ChargeInput,
  generation?: GenerationRecord,
): Promise<{ charged: bigint; amount: bigint } | null> {
  const { resource, description, ...usage } = charge;
  const charged = Prisma.sql`moved.charged`;
  const rows = [
    ledgerEntry(Prisma.sql`-moved.charged`, { kind: "charge", reservationId, projectId: usage.projectId, resource, description }),
    usageRows(usage, charged),
    lowBalanceEvent(Prisma.sql`-moved.charged`),
    ...(generation ? [generationRow(generation, usage, charged)] : []),
  ];
  const statement = Prisma.sql`
    WITH closed AS (
      UPDATE reservations SET status = 'settled', charged = LEAST(${actual}::bigint, amount), closed_at = now()
      WHERE id = ${reservationId} AND status = 'held'
      RETURNING workspace_id, amount, charged, key_id, created_at),
    spent AS (
      UPDATE key_monthly_spend s SET reserved = s.reserved - closed.amount, used = s.used + closed.charged
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
  const result = await groupQuery<Row>(group, generation ? "settle_generation" : "settle", statement);
  if (result.length === 0) return null;
  if (BigInt(result[0].events) > 0n) outboxWritten.emit("written");
  return { charged: BigInt(result[0].charged), amount: BigInt(result[0].amount) };
}
