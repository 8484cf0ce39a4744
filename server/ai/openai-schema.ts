// OpenAI's Chat Completions request as the OpenAI-compatible door takes it (/docs, AI API). Features
// not served (the deprecated `functions`, logprobs, several choices, stored completions, audio) are
// declared so that the door can refuse them by name, and the OpenAPI document shows them. What the
// door does with each field is its row in doors/field-policy.ts; a field declared nowhere here is
// taken out and named in `x-switchyard-ignored-params` (doors/door-body.ts). Below it, the answers.
import "server-only";
import { z } from "zod";
import { productIds } from "../vocab/products";
import { finishReason, generationRouting, imageUrl } from "./schema";
import { checkTurn, responseFormat, stopSequence, stopSequences, toolCallId, toolChoice, toolList, toolName } from "./tools-schema";

const part = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image_url"),
    image_url: z.strictObject({ url: imageUrl, detail: z.enum(["auto", "low", "high"]).optional() }),
  }),
]);

/** A call as OpenAI writes it: `arguments` is JSON text (of an object). */
const chatToolCall = z.strictObject({
  id: toolCallId,
  type: z.literal("function"),
  function: z.strictObject({ name: toolName, arguments: z.string() }),
});

export const chatCompletionRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: "A product id (`scholar`) or `switchyard/<product>`." }),
  messages: z
    .array(
      z
        .strictObject({
          role: z.enum(["system", "developer", "user", "assistant", "tool"]),
          content: z.union([z.string(), z.array(part)]).nullable().optional(),
          name: z.string().max(64).optional(),
          tool_calls: z.array(chatToolCall).optional().meta({ description: "Assistant turns: the calls it made (`arguments` a JSON object as text)." }),
          tool_call_id: toolCallId.optional().meta({ description: "Tool turns: the `id` of the call this is the result of." }),
          refusal: z.string().nullable().optional().meta({ description: "Assistant turns, as answers carry it: accepted and not passed on." }),
        })
        .superRefine(checkTurn),
    )
    .meta({ description: "An empty conversation (no text, no image) is refused with `empty_input`." }),
  stream: z.boolean().default(false).meta({ description: "Answer as `chat.completion.chunk` events, ended by `data: [DONE]`." }),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullable().optional(),
  max_tokens: z.number().int().min(1).nullable().optional().meta({ description: "The same as `max_completion_tokens` (the native `max_output_tokens`)." }),
  max_completion_tokens: z.number().int().min(1).nullable().optional().meta({ description: "At most the product's `max_output_tokens`; wins over `max_tokens`." }),
  temperature: z.number().min(0).max(2).nullable().optional(),
  n: z.number().int().min(1).nullable().optional().meta({ description: "Only 1: more choices are not supported yet (400 `invalid_body`, `param: \"n\"`)." }),
  top_p: z.number().min(0).max(1).nullable().optional().meta({ description: "Passed on to engines that take it." }),
  presence_penalty: z.number().min(-2).max(2).nullable().optional().meta({ description: "Passed on to engines that take it; ignored by the others." }),
  frequency_penalty: z.number().min(-2).max(2).nullable().optional().meta({ description: "Passed on to engines that take it; ignored by the others." }),
  logit_bias: z
    .record(z.string().regex(/^\d+$/, "token ids"), z.number().min(-100).max(100))
    .nullable()
    .optional()
    .meta({ description: "Passed on to engines that take it; ignored by the others (token ids differ between engines)." }),
  store: z.boolean().nullable().optional().meta({ description: "Only `false`: answers are not stored (`true` is refused)." }),
  stop: z
    .union([stopSequence, stopSequences])
    .nullable()
    .optional()
    .meta({
      description:
        "Up to 4 sequences: the answer ends before the first match, whichever engine serves it (passed on to engines that take it, " +
        "and enforced on the delivered text). A stream holds back only the few characters that could still begin a match.",
    }),
  response_format: responseFormat.nullable().optional(),
  seed: z.number().int().nullable().optional().meta({ description: "Passed on to engines that take a seed; reproducibility is best effort." }),
  user: z.string().max(256).optional().meta({ description: "Your end user's id. Accepted; not passed on to engines." }),
  metadata: z.record(z.string().min(1).max(64), z.string().max(512)).optional(),
  tools: toolList.nullable().optional(),
  tool_choice: toolChoice.nullable().optional(),
  parallel_tool_calls: z.boolean().nullable().optional().meta({ description: "Default true: an answer may make several calls." }),
  functions: z.array(z.unknown()).nullable().optional().meta({ description: "The deprecated form of `tools`: refused unless empty; send `tools`." }),
  function_call: z.unknown().optional().meta({ description: "The deprecated form of `tool_choice`: refused unless `none`; send `tool_choice`." }),
  logprobs: z.boolean().nullable().optional().meta({ description: "Not supported yet: refused when true." }),
  top_logprobs: z.number().int().min(0).max(20).nullable().optional().meta({ description: "Not supported yet: refused when over 0." }),
  prompt_cache_key: z.string().max(1024).nullable().optional().meta({ description: "Passed to OpenAI-format engines, which keep a cache per key." }),
  modalities: z.array(z.enum(["text", "audio"])).nullable().optional().meta({ description: "Only `[\"text\"]`: an audio answer is refused." }),
  audio: z.unknown().optional().meta({ description: "Refused unless null: answers are text." }),
});

export type ChatCompletionRequest = z.infer<typeof chatCompletionRequest>;

const chatUsage = z.strictObject({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  prompt_tokens_details: z.strictObject({ cached_tokens: z.number().int().meta({ description: "Input read from the engine's prompt cache, billed at the cached-input rate." }) }),
  completion_tokens_details: z.strictObject({ reasoning_tokens: z.number().int().meta({ description: "Output spent reasoning, billed as output." }) }),
});

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
        message: z.strictObject({
          role: z.literal("assistant"),
          content: z.string().nullable().meta({ description: "Null when the answer is only tool calls." }),
          tool_calls: z.array(chatToolCall).optional(),
          refusal: z.null(),
        }),
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
        delta: z.strictObject({
          role: z.literal("assistant").optional(),
          content: z.string().optional(),
          tool_calls: z
            .array(
              z.strictObject({
                index: z.number().int(),
                id: z.string().optional(),
                type: z.literal("function").optional(),
                function: z.strictObject({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
              }),
            )
            .optional()
            .meta({ description: "Each call whole, once its arguments were complete and checked: one chunk per call with its id, name and arguments." }),
        }),
        finish_reason: finishReason.nullable().meta({ description: "Null on every chunk but the last content chunk." }),
      }),
    ),
    usage: chatUsage.optional().meta({ description: "Only on the last chunk, with `stream_options.include_usage`." }),
    switchyard: switchyardExtension.optional(),
  })
  .meta({ id: "ChatCompletionChunk" });

export const modelResponse = z
  .strictObject({
    id: z.enum(productIds),
    object: z.literal("model"),
    created: z.number().int().meta({ description: "The product's launch day, Unix seconds (fixed)." }),
    owned_by: z.literal("switchyard"),
    context_length: z.number().int().meta({ description: "Input tokens every engine of the product takes (at most the product's `max_input_tokens`)." }),
    pricing: z
      .strictObject({
        input_per_1k_tokens: z.number().meta({ description: "Credits per 1,000 input tokens (the live rate, before the tier's discount)." }),
        output_per_1k_tokens: z.number().meta({ description: "Credits per 1,000 output tokens (the live rate, before the tier's discount)." }),
      })
      .nullable()
      .meta({ description: "null while the product has no rate." }),
  })
  .meta({ id: "Model" });

export const modelListResponse = z.strictObject({ object: z.literal("list"), data: z.array(modelResponse) }).meta({ id: "ModelList" });
