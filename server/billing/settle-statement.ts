// The settlement of a held reservation in one statement, so a generation costs one round trip
// after its answer: close the reservation, move the balance and free the hold, append the ledger
// entry, the usage record and its daily rollup, the generation's record, and the low-balance
// event when this charge crosses the threshold, and the key's hold moved to its month's spend (on the key's row and every ancestor's: key_line). A
// single statement is atomic by itself, and its locks (reservation row, the key's spend row, then
// the workspace row: the uncorrelated subquery on `spent` runs first) follow the order of reserve.
import { Prisma } from "@prisma/client";
import { hotQuery } from "../db";
import { newId } from "../ids";
import { outboxWritten } from "../events/outbox";
import type { ChargeInput } from "./charges";
import type { Reservation } from "./reservations";
import { utcDay } from "./usage";

/** The spend row's month of a reservation (`alias` has its `created_at`): as reserve_credits computes it. */
export function spendMonth(alias: "closed" | "expired") {
  return Prisma.raw(`date_trunc('month', ${alias}.created_at AT TIME ZONE 'UTC')::date`);
}

/** The generation's record, written with its charge (`credits` is the amount charged). */
export type GenerationRecord = { id: string; product: string; endpoint: string; family: string; status: string };

/** Settles a reservation that is still held; null when it is not (already closed or expired). */
export async function settleHeld(
  reservation: Reservation,
  actual: bigint,
  usage: ChargeInput,
  generation?: GenerationRecord,
): Promise<{ charged: bigint; amount: bigint } | null> {
  const day = utcDay(usage.at ?? new Date());
  const input = BigInt(usage.inputTokens);
  const output = BigInt(usage.outputTokens);
  const metadata = usage.metadata === undefined ? null : JSON.stringify(usage.metadata);
  const generationRow = generation
    ? Prisma.sql`, recorded AS (
        INSERT INTO generations (id, workspace_id, project_id, key_id, product, endpoint, family, status, input_tokens, output_tokens, credits)
        SELECT ${generation.id}, moved.id, ${usage.projectId}, ${usage.keyId ?? null}::text, ${generation.product}, ${generation.endpoint},
               ${generation.family}, ${generation.status}, ${usage.inputTokens}::int, ${usage.outputTokens}::int, moved.charged
        FROM moved)`
    : Prisma.empty;
  const statement = Prisma.sql`
    WITH closed AS (
      UPDATE reservations SET status = 'settled', charged = LEAST(${actual}::bigint, amount), closed_at = now()
      WHERE id = ${reservation.id} AND status = 'held'
      RETURNING workspace_id, amount, charged, key_id, created_at),
    spent AS (
      UPDATE key_monthly_spend s SET reserved = s.reserved - closed.amount, used = s.used + closed.charged
      FROM closed WHERE s.key_id = ANY(key_line(closed.key_id)) AND s.month = ${spendMonth("closed")}
      RETURNING s.key_id),
    moved AS (
      UPDATE workspaces w SET balance = w.balance - closed.charged, reserved = w.reserved - closed.amount
      FROM closed WHERE w.id = closed.workspace_id AND (SELECT count(*) FROM spent) >= 0
      RETURNING w.id, w.balance, w.low_balance_threshold AS threshold, closed.charged, closed.amount),
    entry AS (
      INSERT INTO ledger_entries (id, workspace_id, kind, amount, balance_after, reservation_id, project_id, resource, description)
      SELECT ${newId("txn")}, moved.id, 'charge', -moved.charged, moved.balance, ${reservation.id}, ${usage.projectId}, ${usage.resource}, ${usage.description}
      FROM moved WHERE moved.charged <> 0),
    usage_row AS (
      INSERT INTO usage_records (id, workspace_id, project_id, key_id, engine, day, input_tokens, output_tokens, credits, metadata)
      SELECT ${newId("use")}, moved.id, ${usage.projectId}, ${usage.keyId ?? null}::text, ${usage.engine}, ${day}::date, ${input}::bigint, ${output}::bigint,
             moved.charged, ${metadata}::jsonb
      FROM moved),
    daily AS (
      INSERT INTO usage_daily (workspace_id, project_id, engine, day, requests, input_tokens, output_tokens, credits)
      SELECT moved.id, ${usage.projectId}, ${usage.engine}, ${day}::date, 1, ${input}::bigint, ${output}::bigint, moved.charged FROM moved
      ON CONFLICT (workspace_id, day, project_id, engine) DO UPDATE SET
        requests = usage_daily.requests + 1,
        input_tokens = usage_daily.input_tokens + EXCLUDED.input_tokens,
        output_tokens = usage_daily.output_tokens + EXCLUDED.output_tokens,
        credits = usage_daily.credits + EXCLUDED.credits),
    low AS (
      INSERT INTO outbox_events (id, workspace_id, type, subject, data)
      SELECT ${newId("evt")}, moved.id, 'billing.balance_low', moved.id,
             jsonb_build_object('balance', moved.balance::numeric / 1000000, 'threshold', moved.threshold::numeric / 1000000)
      FROM moved WHERE moved.balance + moved.charged >= moved.threshold AND moved.balance < moved.threshold
      RETURNING id)
    ${generationRow}
    SELECT moved.charged, moved.amount, (SELECT count(*) FROM low) AS events FROM moved`;
  // Straight to the driver, prepared once per connection: int8 columns may come back as strings.
  type Row = { charged: bigint | string; amount: bigint | string; events: bigint | string };
  const rows = await hotQuery<Row>(generation ? "settle_generation" : "settle", statement);
  if (rows.length === 0) return null;
  if (BigInt(rows[0].events) > 0n) outboxWritten.emit("written");
  return { charged: BigInt(rows[0].charged), amount: BigInt(rows[0].amount) };
}
