// Request and response shapes of the API key routes, shared by REST, tRPC and the OpenAPI document.
import "server-only";
import { z } from "zod";
import { scopes } from "../actor";
import { limitResets } from "../vocab/limit-resets";
import { cursorPage, plainText } from "../wire/schema";

const keyName = plainText().trim().min(1).max(100).meta({ description: "A label for the key, shown in lists." });
const perMinute = z.number().int().min(1).max(1_000_000);
const creditAmount = z.number().min(0).max(1_000_000_000).multipleOf(0.000001).nullable();
const creditLimit = creditAmount.meta({
  description:
    "Credits this key may spend per period of `limit_reset` (settled charges plus what its requests in flight hold), or null for no limit of its own. " +
    "A generation that could take it past the limit is refused with 402 `key_credit_limit_reached`. A key creating a key over the API gives its own limit (and reset) by default and cannot give more.",
  example: 25,
});
const monthlyCreditLimit = creditAmount.meta({
  description: "The earlier name of `credit_limit`, still accepted: the same as `credit_limit` with `limit_reset: \"monthly\"`. Give one of the two.",
  example: 25,
});
const limitReset = z.enum(limitResets).meta({
  description:
    "When the credit limit starts again, in UTC: `daily` at 00:00, `weekly` on Monday 00:00 (ISO week), `monthly` on the 1st at 00:00. " +
    "Default `monthly`. A change starts the new period's count from what the key spent in it so far.",
  example: "daily",
});

export const createKeyInput = z.strictObject({
  name: keyName,
  scope: z.enum(scopes).meta({ description: "`read` for GETs, `read_write` for generation and every change; at most the creating key's own." }),
  rate_limits: z
    .strictObject({
      generate: perMinute.optional().meta({ description: "Generation requests per minute; at most the tier's." }),
      api: perMinute.optional().meta({ description: "Other requests per minute; at most the tier's." }),
    })
    .optional()
    .meta({
      description:
        "This key's own requests per minute, at most its tier's (a key creating a key: at most its own). Absent: the tier's. " +
        "When an operator lowers a tier below a key's own number, the tier's applies.",
      example: { generate: 30 },
    }),
  credit_limit: creditLimit.optional(),
  limit_reset: limitReset.optional(),
  monthly_credit_limit: monthlyCreditLimit.optional(),
});
export type CreateKeyInput = z.infer<typeof createKeyInput>;

export const updateKeyInput = z.strictObject({
  name: keyName.optional(),
  rate_limits: z
    .strictObject({
      generate: perMinute.nullable().optional().meta({ description: "Generation requests per minute, at most the tier's; null: back to the tier's." }),
      api: perMinute.nullable().optional().meta({ description: "Other requests per minute, at most the tier's; null: back to the tier's." }),
    })
    .optional()
    .meta({ description: "Changes only the buckets given. A key changing a key (itself included) cannot give more than its own limits.", example: { generate: 3 } }),
  credit_limit: creditLimit.optional(),
  limit_reset: limitReset.optional(),
  monthly_credit_limit: monthlyCreditLimit.optional(),
});
export type UpdateKeyInput = z.infer<typeof updateKeyInput>;

export const apiKeyObject = z
  .strictObject({
    id: z.string().meta({ example: "key_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    name: z.string(),
    scope: z.enum(scopes),
    prefix: z.string().meta({ description: "The first 8 random characters of the key, stored in clear." }),
    last4: z.string().meta({ description: "The key's last 4 characters." }),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable().meta({ description: "Updated at most once a minute." }),
    rate_limits: z
      .strictObject({ generate: z.number().int(), api: z.number().int() })
      .meta({ description: "The requests per minute this key gets now: its own limits, never above its tier's.", example: { generate: 60, api: 1000 } }),
    credit_limit: z.number().nullable().meta({ description: "Credits this key may spend per period of `limit_reset`; null: no limit of its own.", example: 25 }),
    limit_reset: z.enum(limitResets).meta({ description: "When the credit limit starts again (UTC): `daily`, `weekly` (Monday) or `monthly`." }),
    limit_resets_at: z.iso.datetime().meta({ description: "The start of the next period, when the key's spend counts from 0 again.", example: "2026-12-03T00:00:00Z" }),
    credits_used: z.number().meta({ description: "Settled charges of this key (and the keys below it) in the current period, in credits." }),
    monthly_credit_limit: z.number().nullable().meta({ description: "The earlier name of `credit_limit` (the same number, whatever `limit_reset` is)." }),
    credits_used_this_month: z.number().meta({ description: "The earlier name of `credits_used`: settled charges in the current period (a calendar month unless `limit_reset` says otherwise)." }),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeyObject>;

export const createdKeyResponse = z.strictObject({
  api_key: apiKeyObject,
  key: z
    .string()
    .nullable()
    .meta({ description: "The whole key, `swk_...`, shown in this response only (null in an idempotent replay).", example: "swk_..." }),
});

export const apiKeyList = cursorPage("api_keys", apiKeyObject);
export const apiKeyResponse = z.strictObject({ api_key: apiKeyObject });
