// Query and response shapes of the usage and billing routes.
import "server-only";
import { z } from "zod";
import { productIds } from "../vocab/products";
import { cursorPage } from "../wire/schema";
import { transactionTypes } from "./ledger-query";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Date.parse gives NaN for month 13 or day 32 (toISOString would then throw: a 500, not a 400)
// and rolls 02-30 over to 03-02; both are refused. Days before 1970 are refused too: PostgreSQL
// has no year 0, so such a day could reach the database as an out-of-range date (a 500).
const realDay = (value: string) => {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return time >= 0 && new Date(time).toISOString().startsWith(value);
};
const day = z.string().refine(realDay, "must be a UTC day YYYY-MM-DD, 1970-01-01 or later").meta({ format: "date" });
const MAX_DAYS = 366;
const engines = [...productIds, "compute"] as const;
const DAY_MS = 86_400_000;

export const usageQuery = z
  .strictObject({
    start: day.optional().meta({ description: "First UTC day, inclusive; default: 29 days before `end`." }),
    end: day.optional().meta({ description: "Last UTC day, inclusive; default: today. At most 366 days after `start`." }),
    project_id: z.string().min(1).max(100).optional().meta({ description: "Only this project of the workspace (`prj_...`)." }),
    engine: z
      .enum(engines, { message: `must be one of ${engines.join(", ")}` })
      .optional()
      .meta({ description: "Only this engine: a product id, or `compute` for instance hours." }),
    group_by: z
      .enum(["key"], { message: "must be key (rows are always by day, engine and project)" })
      .optional()
      .meta({ description: "`key`: a row per API key as well, with `key_id` and `key_name`." }),
  })
  .transform((query, ctx) => {
    const end = query.end ?? new Date().toISOString().slice(0, 10);
    const start = query.start ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
    // An end in January 1970 alone would default start to a day before 1970.
    if (!realDay(start)) ctx.addIssue({ code: "custom", path: ["end"], message: "must leave room for the 29 days before it, or give start" });
    else if (days < 1) ctx.addIssue({ code: "custom", path: ["start"], message: "must not be after end" });
    else if (days > MAX_DAYS) ctx.addIssue({ code: "custom", path: ["end"], message: `the range may cover at most ${MAX_DAYS} days` });
    return { start, end, projectId: query.project_id, engine: query.engine, groupBy: query.group_by };
  });
export type UsageQuery = z.infer<typeof usageQuery>;

const credits = z.number().meta({ description: "Credits, at most 6 decimals." });
const counts = {
  requests: z.number().int(),
  input_tokens: z.number().int(),
  cached_input_tokens: z.number().int().meta({ description: "The part of `input_tokens` engines read from their prompt caches, billed at the cached-input rate." }),
  output_tokens: z.number().int(),
  credits,
};

export const usageResponse = z
  .strictObject({
    object: z.literal("usage"),
    start: z.string().meta({ format: "date" }),
    end: z.string().meta({ format: "date" }),
    data: z.array(
      z.strictObject({
        day: z.string().meta({ format: "date" }),
        engine: z.enum(engines),
        project_id: z.string(),
        key_id: z.string().nullable().optional().meta({ description: "With `group_by=key`: the key that spent it (`key_...`); null for usage without a key (instance hours)." }),
        key_name: z.string().nullable().optional().meta({ description: "With `group_by=key`: the key's name." }),
        ...counts,
      }),
    ),
    totals: z.strictObject(counts),
  })
  .meta({ id: "Usage", description: "Usage by UTC day, engine and project (and API key with `group_by=key`), oldest day first." });

export const billingSummaryResponse = z
  .strictObject({
    balance: credits,
    reserved: credits.meta({ description: "Credits held for work in flight, not yet charged." }),
    tier: z.string().meta({ description: "The workspace tier: its discount and rate limits.", example: "starter" }),
    discount: z.number().min(0).max(1).meta({ description: "The tier's discount on AI credits, a fraction (0.1 = 10 %)." }),
  })
  .meta({ id: "BillingSummary" });

export const transactionObject = z
  .strictObject({
    id: z.string().meta({ example: "txn_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    type: z.enum(transactionTypes).meta({ description: "`reversal`: the credits of a refunded or disputed payment taken back." }),
    amount: z.number().meta({ description: "Signed credits: positive adds to the balance, negative takes from it." }),
    balance_after: credits,
    description: z.string().meta({ description: "What the movement was; a charge names the instance (hostname) or generation it paid for." }),
    resource: z
      .string()
      .nullable()
      .meta({ description: "What a charge paid for: a generation (`gen_...`) or an instance (`ins_...`); for a top-up or a reversal its payment (`pay_...`); null for grants.", example: "ins_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    project_id: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Transaction" });

export const transactionList = cursorPage("transactions", transactionObject);

const alertCredits = z.number().min(0).max(1_000_000_000).multipleOf(0.000001);

export const lowBalanceAlertObject = z
  .strictObject({
    threshold_credits: alertCredits.meta({
      description: "The balance below which the workspace is low: the overview says so, `billing.balance_low` is sent as a charge takes the balance below it, and (with `mail_owners`) the owners are mailed.",
      example: 5,
    }),
    mail_owners: z.boolean().meta({ description: "Mail the workspace's owners when a charge takes the balance below the threshold: once, and not again until the balance has been at or above it." }),
    below_threshold: z.boolean().meta({ description: "The balance is below the threshold now." }),
  })
  .meta({ id: "LowBalanceAlert" });

export const lowBalanceAlertInput = z
  .strictObject({
    threshold_credits: alertCredits.optional().meta({ description: "The new threshold, in credits (0: only a negative balance is low).", example: 5 }),
    mail_owners: z.boolean().optional(),
  })
  .meta({ id: "LowBalanceAlertChange" });
export type LowBalanceAlertInput = z.infer<typeof lowBalanceAlertInput>;
