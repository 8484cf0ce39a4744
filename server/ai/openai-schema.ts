// The subset of OpenAI's Chat Completions request the OpenAI-compatible door accepts. Fields that
// do not change our answer (user, seed, top_p...) are accepted and ignored; anything else is an
// unknown field, refused like on every other route. Below it, the answers in the same wire format.
import { z } from "zod";
import { productIds } from "./products";
import { generationRouting } from "./schema";

const part = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image_url"),
    image_url: z.strictObject({ url: z.string(), detail: z.enum(["auto", "low", "high"]).optional() }),
  }),
]);

export const chatCompletionRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: "A product id (`scholar`) or `switchyard/<product>`." }),
  messages: z
    .array(
      z.strictObject({
        role: z.enum(["system", "developer", "user", "assistant"]),
        content: z.union([z.string(), z.array(part).min(1)]),
        name: z.string().max(64).optional(),
      }),
    )
    .min(1),
  stream: z.boolean().default(false).meta({ description: "Answer as `chat.completion.chunk` events, ended by `data: [DONE]`." }),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional(),
  max_completion_tokens: z.number().int().min(1).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  n: z.literal(1).nullable().optional(),
  top_p: z.number().min(0).max(1).nullable().optional(),
  seed: z.number().int().nullable().optional(),
  user: z.string().max(256).optional(),
  metadata: z.record(z.string().min(1).max(64), z.string().max(512)).optional(),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;

const chatUsage = z.strictObject({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });

/** Our own member on OpenAI-format answers: what the request cost and how it was routed. */
const switchyardExtension = z
  .strictObject({ credits: z.number(), routing: generationRouting })
  .meta({ description: "Credits charged and routing, beside OpenAI's fields." });

export const chatCompletionResponse = z
  .strictObject({
    id: z.string().meta({ example: "gen_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    object: z.literal("chat.completion"),
    created: z.number().int().meta({ description: "Unix seconds." }),
    model: z.enum(productIds).meta({ description: "The product that answered." }),
    choices: z.array(
      z.strictObject({
        index: z.number().int(),
        message: z.strictObject({ role: z.literal("assistant"), content: z.string() }),
        finish_reason: z.literal("stop"),
      }),
    ),
    usage: chatUsage,
    switchyard: switchyardExtension,
  })
  .meta({ id: "ChatCompletion" });

export const chatCompletionChunk = z
  .strictObject({
    id: z.string(),
    object: z.literal("chat.completion.chunk"),
    created: z.number().int(),
    model: z.enum(productIds),
    choices: z.array(
      z.strictObject({
        index: z.number().int(),
        delta: z.strictObject({ role: z.literal("assistant").optional(), content: z.string().optional() }),
        finish_reason: z.literal("stop").nullable(),
      }),
    ),
    usage: chatUsage.optional().meta({ description: "Only on the last chunk, with `stream_options.include_usage`." }),
    switchyard: switchyardExtension.optional(),
  })
  .meta({ id: "ChatCompletionChunk" });

export const modelListResponse = z
  .strictObject({
    object: z.literal("list"),
    data: z.array(
      z.strictObject({ id: z.enum(productIds), object: z.literal("model"), created: z.number().int(), owned_by: z.literal("switchyard") }),
    ),
  })
  .meta({ id: "ModelList" });
