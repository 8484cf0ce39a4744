// The activity of a project's generations as `GET /api/public/v1/generations` and the console's
// Activity page show them: what ran, how it went and what it cost, never the prompt or the output.
import "server-only";
import { z } from "zod";
import { endpoints } from "../../vocab/endpoints";
import { productIds } from "../../vocab/products";
import { listInput } from "../../wire/page";
import { cursorPage } from "../../wire/schema";
import { moment } from "../../wire/time-window";

/** completed: answered; failed: answered with an error (`error_code`); cancelled: its client left. */
export const generationStatuses = ["completed", "failed", "cancelled"] as const;


export const generationQuery = z.strictObject({
  ...listInput.shape,
  key_id: z
    .string()
    .regex(/^key_[0-9a-z]{26}$/, "is an API key's id, `key_...`")
    .optional()
    .meta({ description: "Only the generations of this key (`key_...`)." }),
  product: z.enum(productIds).optional().meta({ description: "Only this product's generations." }),
  status: z.enum(generationStatuses).optional(),
  since: moment("generations", "at or after this"),
  until: moment("generations", "before or at this"),
});
export type GenerationQuery = z.infer<typeof generationQuery>;

export const generationObject = z
  .strictObject({
    id: z.string().meta({ example: "gen_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    created_at: z.iso.datetime(),
    product: z.enum(productIds),
    endpoint: z.enum(endpoints),
    door: z.string().meta({ description: "The wire format it came through: `native`, `openai`, ..., or `playground` (the console)." }),
    key: z
      .strictObject({ id: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "The API key that asked; null for the console's playground." }),
    status: z.enum(generationStatuses).meta({ description: "`completed`, `failed` (see `error_code`; nothing charged) or `cancelled` (the client left; charged for the text it was sent)." }),
    error_code: z.string().nullable().meta({ description: "The error a failed generation answered with, e.g. `upstream_unavailable`." }),
    finish_reason: z.string().nullable().meta({ description: "As in the generation's answer: `stop`, `length`, `content_filter`, `tool_calls`." }),
    usage: z.strictObject({ input_tokens: z.number().int(), output_tokens: z.number().int(), credits: z.number() }),
    latency_ms: z.number().int().nullable().meta({ description: "From the request's acceptance to its end." }),
    first_token_ms: z.number().int().nullable().meta({ description: "From the request's acceptance to its first text; null when it wrote none." }),
    routing: z.strictObject({ reason: z.string().nullable(), attempts: z.number().int(), escalated: z.boolean() }),
  })
  .meta({ id: "GenerationActivity" });
export type GenerationView = z.infer<typeof generationObject>;

export const generationList = cursorPage("generations", generationObject);
