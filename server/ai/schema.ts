// The generation request (`GenerationRequest` in /docs), shared by the native endpoints, the OpenAI door
// (after translation) and the OpenAPI document; and the shapes of its answers (JSON and stream events).
import "server-only";
import { z } from "zod";
import { MAX_BODY_BYTES } from "../wire/body-limits";
import { endpoints } from "../vocab/endpoints";
import { productIds } from "../vocab/products";
import { checkTurn, MAX_TOOLS, responseFormat, toolCallId, toolChoice, toolList, toolName } from "./tools-schema";
import type { Sampling, ThinkingBlock } from "./providers/types";
import { MAX_CONTENT_PARTS, MAX_MESSAGES } from "./input-limits";

// The one image URL of every door (native parts, the OpenAI door's `image_url.url`): https or an
// inline data:image/ URL, nothing else (an engine asked to fetch http:// or file:// could reach
// inside a network). A data: URL travels inside the body, so the body's 1 MiB cap is its limit too: one number, here,
// in the OpenAPI document and in the 413's advice.
export const imageUrl = z
  .string()
  .max(MAX_BODY_BYTES, "must fit in the 1 MiB body: send a larger image as an https:// URL")
  .refine((url) => url.startsWith("https://") || url.startsWith("data:image/"), "must be an https:// or data:image/ URL")
  .meta({ description: "An https:// URL, or a data:image/ URL within the 1 MiB body limit (send larger images by https:// URL)." });

export const contentPart = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({ type: z.literal("image"), url: imageUrl }),
]);

const content = z.union([z.string(), z.array(contentPart).max(MAX_CONTENT_PARTS)]);

/** A call an assistant turn made, as the native API writes it: `arguments` is an object. */
export const toolCall = z.strictObject({
  id: toolCallId,
  name: toolName,
  arguments: z.record(z.string(), z.unknown()),
});

// One shape for every role (so that a missing field is named as such); which fields go with which
// role is checked by checkTurn: `tool_calls` on assistant turns only (their content may then be
// left out), `tool_call_id` on tool turns only, and required there.
export const message = z
  .strictObject({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: content.nullable().optional(),
    tool_calls: z.array(toolCall).max(MAX_TOOLS).optional().meta({ description: "Assistant turns: the calls it made." }),
    tool_call_id: toolCallId.optional().meta({ description: "Tool turns: the `id` of the call this is the result of." }),
  })
  .superRefine(checkTurn);

export const generationRequest = z.strictObject({
  product: z
    .string()
    .max(64)
    .optional()
    .meta({ description: `One of ${productIds.join(", ")}. Default: scholar (completions, code), sentinel (review).` }),
  prompt: z.string().optional().meta({ description: "The input as one user message. Send either `prompt` or `messages`." }),
  messages: z
    .array(message)
    .max(MAX_MESSAGES)
    .optional()
    .meta({ description: "The conversation; content is a string or parts (text, image). Send either `prompt` or `messages`; without any text or image it is refused with `empty_input`." }),
  stream: z.boolean().default(false).meta({ description: "Answer as server-sent events (`delta`, then `done` or `error`)." }),
  task: z
    .string()
    .regex(/^[a-z0-9_-]{1,64}$/, "1 to 64 characters of a-z, 0-9, _ and -")
    .optional()
    .meta({ description: "A free label that guides routing; known: explain, migration, refactor, test, security, review, accept, layout." }),
  risk: z.number().min(0).max(1).default(0.3).meta({ description: "0..1; higher routes to stronger engines." }),
  max_output_tokens: z.number().int().min(1).optional().meta({ description: "At most the product's `max_output_tokens`." }),
  temperature: z.number().min(0).max(2).optional(),
  review_of: z.string().min(1).max(100).optional().meta({ description: "Review only: the `id` of an earlier generation whose output is under review." }),
  metadata: z
    .record(z.string().min(1).max(64), z.string().max(512))
    .refine((m) => Object.keys(m).length <= 16, "at most 16 pairs")
    .optional()
    .meta({ description: "Up to 16 string pairs, echoed back and stored with usage." }),
  tools: toolList.optional().meta({ description: "Completions and code: functions the engine may call (refused on review)." }),
  tool_choice: toolChoice.optional(),
  parallel_tool_calls: z.boolean().optional().meta({ description: "Default true: an answer may make several calls." }),
  response_format: responseFormat.optional(),
  prompt_cache_key: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .meta({
      description:
        "Asks the engines to cache the prompt's prefix: OpenAI-format engines get it as their cache key, Anthropic-format engines cache breakpoints. " +
        "Input read from a cache is billed at the product's cached-input rate (`usage.cached_input_tokens`). " +
        "Requests with the same key go first to the engine that answered the last of them (for five minutes after it), while it answers.",
    }),
});

export type GenerationRequest = z.infer<typeof generationRequest>;

export const generationUsage = z
  .strictObject({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cached_input_tokens: z.number().int().optional().meta({ description: "The part of `input_tokens` the engine read from its prompt cache, billed at the cached-input rate (when any)." }),
    cache_write_tokens: z.number().int().optional().meta({ description: "The part of `input_tokens` the engine wrote to its prompt cache, billed at the input rate (when any)." }),
    reasoning_tokens: z.number().int().optional().meta({ description: "The part of `output_tokens` the engine spent reasoning, billed as output (when any)." }),
    credits: z.number().meta({ description: "Credits charged, at most 6 decimals." }),
  })
  .meta({ id: "GenerationUsage" });

export const generationRouting = z
  .strictObject({
    reason: z.string().meta({ description: "Why the answer came from where it did, in general terms (never a vendor or model name)." }),
    attempts: z.number().int(),
    escalated: z.boolean().meta({ description: "True when an engine other than the first one planned answered." }),
  })
  .meta({ id: "GenerationRouting" });

export const finishReason = z
  .enum(["stop", "length", "content_filter", "tool_calls"])
  .meta({
    id: "FinishReason",
    description:
      "`stop`: the engine finished. `length`: `max_output_tokens` was reached and the output is cut. `content_filter`: the engine's content filter ended the answer. " +
      "`tool_calls`: the answer is calls of the request's tools.",
  });

/** The calls of an answer (native API): whole, checked, `arguments` an object. */
const answerToolCalls = z
  .array(toolCall)
  .optional()
  .meta({ description: "When the answer is calls (`finish_reason` `tool_calls`): each with an id `call_...`, its tool's name and its arguments as an object." });

export const generationResponse = z
  .strictObject({
    id: z.string().meta({ example: "gen_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    object: z.literal("generation"),
    product: z.enum(productIds),
    output: z.string().meta({ description: "The answer's text (with tool calls, any text before them)." }),
    tool_calls: answerToolCalls,
    usage: generationUsage,
    routing: generationRouting,
    finish_reason: finishReason,
    metadata: z.record(z.string(), z.string()),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Generation" });

/** `event: delta` of a stream: the next piece of text. */
export const generationDeltaEvent = z.strictObject({ text: z.string() }).meta({ id: "GenerationDeltaEvent" });

/** `event: tool_call` of a stream: one whole call, after the text and before `done`. */
export const generationToolCallEvent = toolCall.meta({ id: "GenerationToolCallEvent" });

/** `event: done` of a stream: the generation without its output (sent as deltas and tool calls). */
export const generationDoneEvent = z
  .strictObject({
    id: z.string(),
    product: z.enum(productIds),
    usage: generationUsage,
    routing: generationRouting,
    finish_reason: finishReason,
    metadata: z.record(z.string(), z.string()),
  })
  .meta({ id: "GenerationDoneEvent" });

export const productListResponse = z
  .strictObject({
    object: z.literal("list"),
    data: z.array(
      z
        .strictObject({
          id: z.enum(productIds),
          description: z.string(),
          endpoints: z.array(z.enum(endpoints)),
          rates: z
            .strictObject({
              input_per_million_tokens: z.number(),
              cached_input_per_million_tokens: z.number().meta({ description: "Input an engine read from its prompt cache (`usage.cached_input_tokens`)." }),
              output_per_million_tokens: z.number(),
              updated_at: z.iso.datetime(),
            })
            .nullable()
            .meta({ description: "Live rates in credits per million tokens; null while none is set." }),
          limits: z.strictObject({ max_input_tokens: z.number().int(), max_output_tokens: z.number().int() }),
        })
        .meta({ id: "Product" }),
    ),
  })
  .meta({ id: "ProductList" });

type NativeTurn = NonNullable<GenerationRequest["messages"]>[number];

/**
 * The native request, plus what only the vendor doors ask (the native schema refuses these fields):
 * the OpenAI door's stop, seed and sampling; the Anthropic door's thinking, and the thinking blocks
 * its clients send back on assistant turns (sealed as they got them, thinking.ts).
 */
export type GenerationInput = Omit<GenerationRequest, "messages"> & {
  messages?: (NativeTurn & { thinking?: ThinkingBlock[] })[];
  stop?: string[];
  seed?: number;
  sampling?: Sampling;
  thinking?: { budgetTokens?: number };
};
