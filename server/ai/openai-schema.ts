// The subset of OpenAI's Chat Completions request the OpenAI-compatible door accepts (/docs, AI API).
// Features not served yet (tools, logprobs, several choices) are declared so that the door can
// refuse them by name, and the OpenAPI document shows them; any other field is an unknown field,
// refused like on every other route. Below it, the answers in the same wire format.
import { z } from "zod";
import { productIds } from "../vocab/products";
import { finishReason, generationRouting, imageUrl } from "./schema";

const part = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image_url"),
    image_url: z.strictObject({ url: imageUrl, detail: z.enum(["auto", "low", "high"]).optional() }),
  }),
]);

export const chatCompletionRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: "A product id (`scholar`) or `switchyard/<product>`." }),
  messages: z
    .array(
      z.strictObject({
        role: z.enum(["system", "developer", "user", "assistant"]),
        content: z.union([z.string(), z.array(part)]),
        name: z.string().max(64).optional(),
      }),
    )
    .meta({ description: "An empty conversation (no text, no image) is refused with `empty_input`." }),
  stream: z.boolean().default(false).meta({ description: "Answer as `chat.completion.chunk` events, ended by `data: [DONE]`." }),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional().meta({ description: "The same as `max_completion_tokens` (the native `max_output_tokens`)." }),
  max_completion_tokens: z.number().int().min(1).nullable().optional().meta({ description: "At most the product's `max_output_tokens`; wins over `max_tokens`." }),
  temperature: z.number().min(0).max(2).nullable().optional(),
  n: z.number().int().min(1).nullable().optional().meta({ description: "Only 1: more choices are not supported yet (400 `invalid_body`, `param: \"n\"`)." }),
  top_p: z.number().min(0).max(1).nullable().optional(),
  stop: z
    .union([z.string().min(1), z.array(z.string().min(1)).max(4)])
    .nullable()
    .optional()
    .meta({
      description:
        "Up to 4 sequences: the answer ends before the first match, whichever engine serves it (passed on to engines that take it, " +
        "and enforced on the delivered text). A stream holds back only the few characters that could still begin a match.",
    }),
  response_format: z
    .discriminatedUnion("type", [
      z.strictObject({ type: z.literal("text") }),
      z.strictObject({ type: z.literal("json_object") }),
      z.looseObject({ type: z.literal("json_schema") }),
    ])
    .nullable()
    .optional()
    .meta({
      description:
        "`json_object`: the answer is one JSON object; an engine's answer that does not parse counts as a failed attempt and the next " +
        "engine is asked. With `stream: true` the answer is checked before it is sent, so it arrives in one content chunk at the end. " +
        "`json_schema` is not supported yet (refused).",
    }),
  seed: z.number().int().nullable().optional().meta({ description: "Passed on to engines that take a seed; reproducibility is best effort." }),
  user: z.string().max(256).optional().meta({ description: "Your end user's id. Accepted; not passed on to engines." }),
  metadata: z.record(z.string().min(1).max(64), z.string().max(512)).optional(),
  tools: z.array(z.unknown()).nullable().optional().meta({ description: "Not supported yet: refused unless empty." }),
  tool_choice: z.unknown().optional().meta({ description: "Not supported yet: refused unless `none`." }),
  functions: z.array(z.unknown()).nullable().optional().meta({ description: "Not supported yet: refused unless empty." }),
  function_call: z.unknown().optional().meta({ description: "Not supported yet: refused unless `none`." }),
  logprobs: z.boolean().nullable().optional().meta({ description: "Not supported yet: refused when true." }),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional().meta({ description: "Not supported yet: refused when over 0." }),
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
        finish_reason: finishReason,
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
        finish_reason: finishReason.nullable().meta({ description: "Null on every chunk but the last content chunk." }),
      }),
    ),
    usage: chatUsage.optional().meta({ description: "Only on the last chunk, with `stream_options.include_usage`." }),
    switchyard: switchyardExtension.optional(),
  })
  .meta({ id: "ChatCompletionChunk" });

export const modelResponse = z
  .strictObject({ id: z.enum(productIds), object: z.literal("model"), created: z.number().int(), owned_by: z.literal("switchyard") })
  .meta({ id: "Model" });

export const modelListResponse = z.strictObject({ object: z.literal("list"), data: z.array(modelResponse) }).meta({ id: "ModelList" });
