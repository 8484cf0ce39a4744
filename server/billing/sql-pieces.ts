// The money rules in SQL, each written once: the ledger entry, the usage record and its daily
// rollup, the generation's record, the low-balance event and the key-spend period. Every writer
// builds its statement from them: the one-statement settlement of a held reservation
// (settle-statement.ts) as much as the ledger's movements (ledger.ts) and other charges
// (charges.ts). The row pieces are common table expressions that read the balance movement
// `moved` of their statement: the workspace `id`, its `balance` after the movement and its
// low-balance `threshold`.
import "server-only";
import { Prisma } from "@prisma/client";
import { newId } from "../ids";
import { creditsInSql } from "./credits";

/** `reversal`: a refunded or disputed payment's credits taken back. */
export type EntryKind = "top_up" | "grant" | "charge" | "refund" | "reversal";

export type UsageInput = {
  projectId: string;
  keyId?: string | null;
  /** Product id for AI charges, `compute` for instance hours. */
  engine: string;
  inputTokens: number;
  /** The part of `inputTokens` read from a prompt cache. */
  cachedInputTokens?: number;
  outputTokens: number;
  metadata?: Record<string, string>;
  /** When the usage happened; defaults to now. Its UTC date is the usage day. */
  at?: Date;
};

/**
 * The generation's record, written with its charge (or with the release of its hold when it failed
 * or its client left before any text): what the activity list shows, never the prompt or output.
 */
export type GenerationRecord = {
  id: string;
  product: string;
  endpoint: string;
  family: string;
  /** completed | failed | cancelled */
  status: string;
  door: string;
  errorCode: string | null;
  finishReason: string | null;
  latencyMs: number;
  firstTokenMs: number | null;
  routing: { reason: string | null; attempts: number; escalated: boolean };
};

/** The usage day of a moment: its UTC date. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The spend period of a key whose limit resets `reset` (a text: daily | weekly | monthly) at the
 * moment `at` (a timestamptz), as a daterange: its lower bound names the key-spend rows, its upper
 * bound is the next reset. Computed by the migrations' spend_period, the one declaration of the
 * periods; `at` is the service's clock (clockNow), never the database's now().
 */
export function spendPeriod(reset: Prisma.Sql, at: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`spend_period(${reset}, (${at})::timestamptz)`;
}

/** The first day of that period: the `month` column of the key-spend rows it counts on. */
export function spendPeriodStart(reset: Prisma.Sql, at: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`lower(${spendPeriod(reset, at)})`;
}

/**
 * A key-spend row `s`'s `reserved` once a hold of `amount` is freed from it. Never below 0: a hold
 * taken before its key's limit_reset changed, in a period of the new reset that its change did not
 * carry holds into (moveKeyHolds, key-periods.ts), frees from a row that never held it.
 */
export function heldLess(amount: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`GREATEST(s.reserved - ${amount}, 0)`;
}

/**
 * The key-spend rows (`rows`: the table or its alias) a spend of key `key` at `at` counts on: the
 * key's and every ancestor's (key_line), each in its own period of `at`.
 */
export function onKeyLine(key: Prisma.Sql, at: Prisma.Sql, rows = Prisma.raw("key_monthly_spend")): Prisma.Sql {
  const reset = Prisma.sql`(SELECT limit_reset FROM api_keys WHERE id = ${rows}.key_id)`;
  return Prisma.sql`${rows}.key_id = ANY(key_line(${key})) AND ${rows}.month = ${spendPeriodStart(reset, at)}`;
}

/** `entry`: the ledger entry of the movement (`amount`: signed µcr); none for a zero amount. */
export function ledgerEntry(
  amount: Prisma.Sql,
  entry: { kind: EntryKind; description: string; resource?: string | null; reservationId?: string | null; projectId?: string | null },
): Prisma.Sql {
  return Prisma.sql`entry AS (
      INSERT INTO ledger_entries (id, workspace_id, kind, amount, balance_after, reservation_id, project_id, resource, description)
      SELECT ${newId("txn")}::text, moved.id, ${entry.kind}::text, ${amount}, moved.balance,
             ${entry.reservationId ?? null}::text, ${entry.projectId ?? null}::text, ${entry.resource ?? null}::text, ${entry.description}::text
      FROM moved WHERE ${amount} <> 0)`;
}

/**
 * `usage_row` and `daily`: the usage record of a charge of `credits` µcr, and its day's rollup
 * (`parts`: the bench's ablation leaves one or both out, server/bench-ablation.ts).
 */
export function usageRows(usage: UsageInput, credits: Prisma.Sql, parts = { record: true, rollup: true }): Prisma.Sql {
  const day = utcDay(usage.at ?? new Date());
  const metadata = usage.metadata === undefined ? null : JSON.stringify(usage.metadata);
  const counts = Prisma.sql`${BigInt(usage.inputTokens)}::bigint, ${BigInt(usage.outputTokens)}::bigint, ${credits}`;
  const cached = BigInt(usage.cachedInputTokens ?? 0);
  const record = Prisma.sql`usage_row AS (
      INSERT INTO usage_records (id, workspace_id, project_id, key_id, engine, day, input_tokens, output_tokens, credits, cached_input_tokens, metadata)
      SELECT ${newId("use")}::text, moved.id, ${usage.projectId}::text, ${usage.keyId ?? null}::text, ${usage.engine}::text, ${day}::date,
             ${counts}, ${cached}::bigint, ${metadata}::jsonb
      FROM moved)`;
  const rollup = Prisma.sql`daily AS (
      INSERT INTO usage_daily (workspace_id, project_id, engine, day, requests, input_tokens, output_tokens, credits, cached_input_tokens)
      SELECT moved.id, ${usage.projectId}::text, ${usage.engine}::text, ${day}::date, 1, ${counts}, ${cached}::bigint FROM moved
      ON CONFLICT (workspace_id, day, project_id, engine) DO UPDATE SET
        requests = usage_daily.requests + 1,
        input_tokens = usage_daily.input_tokens + EXCLUDED.input_tokens,
        cached_input_tokens = usage_daily.cached_input_tokens + EXCLUDED.cached_input_tokens,
        output_tokens = usage_daily.output_tokens + EXCLUDED.output_tokens,
        credits = usage_daily.credits + EXCLUDED.credits)`;
  const chosen = [...(parts.record ? [record] : []), ...(parts.rollup ? [rollup] : [])];
  return chosen.length ? Prisma.join(chosen, ",\n    ") : Prisma.sql`usage_row AS (SELECT 1 WHERE FALSE)`;
}

/**
 * `recorded`: the generation's record, with the `credits` µcr it was charged; `from` is the
 * statement's row naming the workspace as `id` (`moved`, or the released hold's).
 */
export function generationRow(generation: GenerationRecord, usage: UsageInput, credits: Prisma.Sql, from = Prisma.raw("moved")): Prisma.Sql {
  const { routing } = generation;
  return Prisma.sql`recorded AS (
      INSERT INTO generations (id, workspace_id, project_id, key_id, product, endpoint, family, status, input_tokens, output_tokens, credits,
                               door, error_code, finish_reason, latency_ms, first_token_ms, routing_reason, attempts, escalated)
      SELECT ${generation.id}::text, ${from}.id, ${usage.projectId}::text, ${usage.keyId ?? null}::text, ${generation.product}::text,
             ${generation.endpoint}::text, ${generation.family}::text, ${generation.status}::text, ${usage.inputTokens}::int, ${usage.outputTokens}::int, ${credits},
             ${generation.door}::text, ${generation.errorCode}::text, ${generation.finishReason}::text, ${generation.latencyMs}::int,
             ${generation.firstTokenMs}::int, ${routing.reason}::text, ${routing.attempts}::int, ${routing.escalated}::boolean
      FROM ${from})`;
}

/**
 * `low`: `billing.balance_low` when the movement (`amount`: signed µcr) takes the balance from at
 * or above its threshold to below it; a movement that adds credits never does. Returns the event's
 * id: the caller tells the outbox (outboxWritten) when there is one.
 */
export function lowBalanceEvent(amount: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`low AS (
      INSERT INTO outbox_events (id, workspace_id, type, subject, data)
      SELECT ${newId("evt")}::text, moved.id, 'billing.balance_low', moved.id,
             jsonb_build_object('balance', ${creditsInSql(Prisma.sql`moved.balance`)}, 'threshold', ${creditsInSql(Prisma.sql`moved.threshold`)})
      FROM moved WHERE moved.balance - (${amount}) >= moved.threshold AND moved.balance < moved.threshold
      RETURNING id)`;
}

/**
 * `recharge`: the workspace's auto-recharge, due when a charge leaves the balance below its
 * threshold: a pending payment, at most one per workspace (the partial unique index
 * payments_one_auto_recharge_pending), however many settlements on however many replicas ask at
 * once. The recharge worker (payments/auto-recharge-worker.ts) sizes and charges it.
 */
export function autoRechargeDue(currency: string): Prisma.Sql {
  return Prisma.sql`recharge AS (
      INSERT INTO payments (id, workspace_id, kind, status, credits, amount, currency, next_attempt_at, updated_at)
      SELECT ${newId("pay")}::text, moved.id, 'auto_recharge', 'pending', 0, 0, ${currency}::text, now(), now()
      FROM moved JOIN auto_recharges r ON r.workspace_id = moved.id
      WHERE r.enabled AND r.payment_method_id IS NOT NULL AND moved.balance < r.threshold AND (r.paused_until IS NULL OR r.paused_until <= now())
      ON CONFLICT (workspace_id) WHERE kind = 'auto_recharge' AND status = 'pending' DO NOTHING
      RETURNING id)`;
}
