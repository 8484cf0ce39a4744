// Anthropic's Messages request as the Anthropic door takes it (/docs, AI API): text, image, tool and
// thinking blocks, a `system` turn inside `messages`, tools with `input_schema`, `tool_choice`,
// `stop_sequences`, sampling, `thinking`, `output_config`. What the door does with each field is
// its row in doors/field-policy.ts; a field declared nowhere here is taken out and named in
// `x-switchyard-ignored-params` (doors/door-body.ts). Below it, the answers in the same wire format.
import "server-only";
import { z } from "zod";
import { productIds } from "../vocab/products";
import { MAX_BODY_BYTES } from "../wire/body-limits";
import { errorEnvelope } from "../wire/schema";
import { generationRouting } from "./schema";
import { jsonSchema, MAX_TOOLS, stopSequences, toolCallId, toolDescription, toolName } from "./tools-schema";
import { MAX_CONTENT_PARTS, MAX_MESSAGES } from "./input-limits";

const cacheControl = z
  .strictObject({ type: z.literal("ephemeral"), ttl: z.enum(["5m", "1h"]).optional() })
  .nullable()
  .optional()
  .meta({ description: "A cache breakpoint: passed to Anthropic-format engines, whose cache reads are billed at the product's cached-input rate." });

const textBlock = z.strictObject({ type: z.literal("text"), text: z.string(), cache_control: cacheControl, citations: z.array(z.unknown()).nullable().optional() });

const imageSource = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("base64"),
    media_type: z.enum(["image/jpeg", "image/png", "image/gif", "image/webp"]),
    data: z.string().max(MAX_BODY_BYTES, "must fit in the 1 MiB body: send a larger image as an https:// URL"),
  }),
  z.strictObject({ type: z.literal("url"), url: z.string().refine((url) => url.startsWith("https://"), "must be an https:// URL") }),
]);

const imageBlock = z.strictObject({ type: z.literal("image"), source: imageSource, cache_control: cacheControl });

const toolUseBlock = z.strictObject({
  type: z.literal("tool_use"),
  id: toolCallId,
  name: toolName,
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl,
});

const toolResultBlock = z.strictObject({
  type: z.literal("tool_result"),
  tool_use_id: toolCallId,
  content: z.union([z.string(), z.array(z.discriminatedUnion("type", [textBlock, imageBlock]))]).optional(),
  is_error: z.boolean().optional().meta({ description: "When true the result is passed on marked as an error." }),
  cache_control: cacheControl,
});

/**
 * An earlier answer's thinking, sent back as it came: it goes to the engine that wrote it when that
 * engine answers this turn, and is left out otherwise (a block without its signature too).
 */
const thinkingBlock = z.looseObject({ type: z.literal("thinking"), thinking: z.string().optional(), signature: z.string().optional() });
const redactedThinkingBlock = z.looseObject({ type: z.literal("redacted_thinking"), data: z.string().optional() });

export const contentBlock = z.discriminatedUnion("type", [textBlock, imageBlock, toolUseBlock, toolResultBlock, thinkingBlock, redactedThinkingBlock]);
export type ContentBlock = z.infer<typeof contentBlock>;

const anthropicTool = z.strictObject({
  type: z.literal("custom").nullable().optional().meta({ description: "Only client tools (`custom`, or no type); server tools are refused." }),
  name: toolName,
  description: toolDescription.optional(),
  input_schema: z.record(z.string(), z.unknown()).meta({ description: "A JSON Schema object for the tool's input." }),
  strict: z.boolean().optional().meta({ description: "When true, a call's input is checked against `input_schema` before it is delivered." }),
  cache_control: cacheControl,
});

/** A tool Anthropic runs on its side (`web_search_...`, `bash_...`): not offered to the engine, named as ignored. */
const serverTool = z.looseObject({ type: z.string().regex(/^(?!custom$)[a-z0-9_]+$/), name: z.string().max(64) });

/** Structured output: the answer is JSON valid against `schema`, checked as on the OpenAI door. */
const outputFormat = z.strictObject({ type: z.literal("json_schema"), schema: jsonSchema.meta({ description: "The JSON Schema the answer must be valid against." }) });

const parallel = { disable_parallel_tool_use: z.boolean().optional().meta({ description: "True: at most one call." }) };

const anthropicToolChoice = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("auto"), ...parallel }),
  z.strictObject({ type: z.literal("any"), ...parallel }),
  z.strictObject({ type: z.literal("tool"), name: toolName, ...parallel }),
  z.strictObject({ type: z.literal("none") }),
]);

export const messagesRequest = z.strictObject({
  model: z.string().min(1).max(100).meta({ description: "A product id (`scholar`) or `switchyard/<product>`." }),
  max_tokens: z.number().int().min(1).meta({ description: "At most the product's `max_output_tokens`." }),
  messages: z
    .array(z.strictObject({ role: z.enum(["user", "assistant", "system"]), content: z.union([z.string(), z.array(contentBlock).max(MAX_CONTENT_PARTS)]) }))
    .max(MAX_MESSAGES)
    .meta({ description: "Blocks `text`, `image` (base64 or https URL), `tool_use` (assistant turns) and `tool_result` (user turns); a `system` turn is a system message where it stands; `thinking` blocks go back to the engine that wrote them." }),
  system: z.union([z.string(), z.array(textBlock)]).optional(),
  stream: z.boolean().default(false).meta({ description: "Answer as Anthropic's stream events, `message_start` to `message_stop`." }),
  stop_sequences: stopSequences.optional().meta({ description: "Up to 4: the answer ends before the first match, whichever engine serves it." }),
  temperature: z.number().min(0).max(1).optional(),
  top_p: z.number().min(0).max(1).optional().meta({ description: "Passed on to engines that take it." }),
  tools: z
    .array(z.union([anthropicTool, serverTool]))
    .max(MAX_TOOLS)
    .optional()
    .meta({ description: "Client tools; tools Anthropic runs itself are not offered to the engine and are named in `x-switchyard-ignored-params`." }),
  tool_choice: anthropicToolChoice.optional(),
  metadata: z
    .record(z.string().min(1).max(64), z.string().max(512).nullable())
    .refine((m) => Object.keys(m).length <= 16, "at most 16 pairs")
    .optional()
    .meta({ description: "`user_id` (and up to 16 string pairs in all), stored with usage." }),
  thinking: z
    .discriminatedUnion("type", [
      z.looseObject({ type: z.literal("enabled"), budget_tokens: z.number().int().min(0) }),
      z.looseObject({ type: z.literal("adaptive") }),
      z.looseObject({ type: z.literal("disabled") }),
    ])
    .optional()
    .meta({ description: "`enabled` (with `budget_tokens`) or `adaptive`: engines that think do so first, and the answer starts with their `thinking` blocks; `disabled`: none." }),
  output_config: z
    .strictObject({
      format: outputFormat.nullable().optional(),
      effort: z.enum(["low", "medium", "high", "max"]).nullable().optional().meta({ description: "Named as ignored: routing chooses the engines." }),
    })
    .optional(),
  output_format: outputFormat.nullable().optional().meta({ description: "The older form of `output_config.format`." }),
});

export type MessagesRequest = z.infer<typeof messagesRequest>;

/** count_tokens: what counts as input, nothing about the answer. */
export const countTokensRequest = messagesRequest.pick({ model: true, messages: true, system: true, tools: true, tool_choice: true, thinking: true, output_config: true, output_format: true });
export type CountTokensRequest = z.infer<typeof countTokensRequest>;

export const countTokensResponse = z.strictObject({ input_tokens: z.number().int() }).meta({ id: "AnthropicTokenCount" });

const answerBlock = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("tool_use"), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()) }),
]);

export const stopReason = z
  .enum(["end_turn", "max_tokens", "stop_sequence", "tool_use", "refusal"])
  .meta({ description: "`end_turn` (the engine finished), `stop_sequence` (one of `stop_sequences` ended it), `max_tokens` (cut), `tool_use` (the answer is calls), `refusal` (a content filter ended it)." });

const messagesUsage = z.strictObject({
  input_tokens: z.number().int().meta({ description: "Input neither read from nor written to the engine's prompt cache." }),
  output_tokens: z.number().int(),
  cache_read_input_tokens: z.number().int().meta({ description: "Input read from the engine's prompt cache, billed at the product's cached-input rate." }),
  cache_creation_input_tokens: z.number().int().meta({ description: "Input written to the engine's prompt cache, billed at the input rate." }),
});

export const messageResponse = z
  .strictObject({
    id: z.string().meta({ example: "gen_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    type: z.literal("message"),
    role: z.literal("assistant"),
    model: z.enum(productIds).meta({ description: "The product that answered." }),
    content: z.array(answerBlock),
    stop_reason: stopReason,
    stop_sequence: z.string().nullable().meta({ description: "The stop sequence that ended the answer (`stop_reason: \"stop_sequence\"`), else null." }),
    usage: messagesUsage,
    switchyard: z.strictObject({ credits: z.number(), routing: generationRouting }).meta({ description: "Credits charged and routing, beside Anthropic's fields." }),
  })
  .meta({ id: "AnthropicMessage" });

const anthropicModel = z
  .strictObject({
    type: z.literal("model"),
    id: z.enum(productIds),
    display_name: z.string(),
    created_at: z.iso.datetime().meta({ description: "The product's launch day." }),
  })
  .meta({ id: "AnthropicModel" });

export const anthropicModelResponse = anthropicModel;
export const anthropicModelList = z
  .strictObject({ data: z.array(anthropicModel), has_more: z.literal(false), first_id: z.string().nullable(), last_id: z.string().nullable() })
  .meta({ id: "AnthropicModelList" });

const { type: _type, message: _message, ...errorMembers } = errorEnvelope.shape.error.shape;

/** Every error of the door: Anthropic's shape, with our `code` (and the members some codes carry) beside it. */
export const anthropicErrorEnvelope = z
  .strictObject({
    type: z.literal("error"),
    error: z.strictObject({
      type: z.enum(["invalid_request_error", "authentication_error", "billing_error", "permission_error", "not_found_error", "request_too_large", "rate_limit_error", "api_error", "overloaded_error"]),
      message: z.string().meta({ description: "What happened and what to do." }),
    }),
    ...errorMembers,
  })
  .meta({ id: "AnthropicError", description: "Every error of the Anthropic door, refusals before the generation included." });
