// The Anthropic Messages door (/docs, AI API): Anthropic's message answer, stream events and error
// body, so that existing Anthropic SDKs and tools work unchanged. The engines' thinking (when asked)
// comes first as `thinking` blocks, the answer's text is one `text` block and each call a `tool_use` block; a stream opens the text block at its first text, sends
// each call whole as one `input_json_delta`, and ends with `message_delta` (stop reason, usage and
// our own `switchyard` member) and `message_stop`.
import "server-only";
import { errorType, type AppError } from "../../errors";
import type { Generation } from "../generate";
import type { ThinkingBlock } from "../providers/types";
import { messagesRequest, type MessagesRequest } from "../anthropic-schema";
import type { Door, EventWriter, Started, WireEvent } from "./door";
import { inAnthropicTerms, serverToolsOf, toGenerationRequest } from "./anthropic-request";

/** Anthropic's error type for each of our statuses. */
function anthropicType(status: number): string {
  if (status === 404) return "not_found_error";
  if (status === 413) return "request_too_large";
  if (status === 503) return "overloaded_error";
  if (status === 402) return "billing_error";
  return errorType(status);
}

/** `{type: "error", error: {type, message}, request_id, code}`, with the error's extra members beside `code`. */
export function anthropicErrorBody(error: AppError, requestId: string) {
  return { type: "error", error: { type: anthropicType(error.status), message: error.message }, request_id: requestId, code: error.code, ...error.extra };
}

const STOP_REASONS = { stop: "end_turn", length: "max_tokens", tool_calls: "tool_use", content_filter: "refusal" } as const;

/** Anthropic's stop reason: `stop_sequence` when one of the request's ended the answer. */
const stopReason = (g: Generation) => (g.stop_sequence !== undefined && g.finish_reason === "stop" ? "stop_sequence" : STOP_REASONS[g.finish_reason]);
const stopSequence = (g: Generation) => (stopReason(g) === "stop_sequence" ? (g.stop_sequence ?? null) : null);

/** Anthropic's usage: `input_tokens` is the input neither read from nor written to the prompt cache. */
const usageOf = (g: Generation) => {
  const read = g.usage.cached_input_tokens ?? 0;
  const written = g.usage.cache_write_tokens ?? 0;
  return { input_tokens: g.usage.input_tokens - read - written, output_tokens: g.usage.output_tokens, cache_read_input_tokens: read, cache_creation_input_tokens: written };
};

const extension = (g: Generation) => ({ credits: g.usage.credits, routing: g.routing });

const message = (started: Started) => ({ id: started.id, type: "message" as const, role: "assistant" as const, model: started.product });

const event = (type: string, data: object): WireEvent => ({ event: type, data: { type, ...data } });

/** A thinking block as Anthropic answers it (the signature and the redacted data are our sealed carriers). */
const thinkingBlock = (block: ThinkingBlock) =>
  "redacted" in block ? { type: "redacted_thinking" as const, data: block.redacted } : { type: "thinking" as const, thinking: block.thinking, signature: block.signature };

/**
 * One stream's writer: thinking blocks first, each whole at its index (thinking_delta, then
 * signature_delta), then the text block opening at the first text (the stream's own state).
 */
function streamWriter(): EventWriter<MessagesRequest, WireEvent> {
  let textOpen = false;
  let index = 0; // the next block's index
  const textIndex = () => (textOpen ? index - 1 : index);
  return {
    door: "anthropic",
    opening: (started) => [
      event("message_start", {
        message: { ...message(started), content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: started.inputTokens, output_tokens: 0 } },
      }),
      event("ping", {}),
    ],
    thinking(block) {
      const at = index++;
      const whole = thinkingBlock(block);
      const deltas =
        whole.type === "thinking"
          ? [
              event("content_block_delta", { index: at, delta: { type: "thinking_delta", thinking: whole.thinking } }),
              event("content_block_delta", { index: at, delta: { type: "signature_delta", signature: whole.signature } }),
            ]
          : [];
      const start = whole.type === "thinking" ? { type: "thinking", thinking: "", signature: "" } : whole;
      return [event("content_block_start", { index: at, content_block: start }), ...deltas, event("content_block_stop", { index: at })];
    },
    delta(text) {
      const delta = (at: number) => event("content_block_delta", { index: at, delta: { type: "text_delta", text } });
      if (textOpen) return delta(textIndex());
      textOpen = true;
      const at = index++;
      return [event("content_block_start", { index: at, content_block: { type: "text", text: "" } }), delta(at)];
    },
    closing(g) {
      // An answer with no text and no call still has its (empty) text block, as the answer does.
      const emptyText = !textOpen && !g.tool_calls?.length;
      const text = emptyText ? index++ : textIndex();
      const first = index;
      return [
        ...(emptyText ? [event("content_block_start", { index: text, content_block: { type: "text", text: "" } })] : []),
        ...(textOpen || emptyText ? [event("content_block_stop", { index: text })] : []),
        ...(g.tool_calls ?? []).flatMap((call, i) => [
          event("content_block_start", { index: first + i, content_block: { type: "tool_use", id: call.id, name: call.name, input: {} } }),
          event("content_block_delta", { index: first + i, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.arguments) } }),
          event("content_block_stop", { index: first + i }),
        ]),
        event("message_delta", {
          delta: { stop_reason: stopReason(g), stop_sequence: stopSequence(g) },
          usage: usageOf(g),
          switchyard: extension(g),
        }),
        event("message_stop", {}),
      ];
    },
    failure: (error, requestId) => ({ event: "error", data: anthropicErrorBody(error, requestId) }),
  };
}

// Every stream gets a writer of its own: its text block opens at its own first text.
export const anthropicDoor = {
  door: "anthropic",
  body: messagesRequest,
  parse: toGenerationRequest,
  answer: (g, started) => ({
    ...message(started),
    content: [
      ...(g.thinking ?? []).map(thinkingBlock),
      // An answer that is only calls has no text block.
      ...(g.output || !g.tool_calls?.length ? [{ type: "text" as const, text: g.output }] : []),
      ...(g.tool_calls ?? []).map((call) => ({ type: "tool_use" as const, id: call.id, name: call.name, input: call.arguments })),
    ],
    stop_reason: stopReason(g),
    stop_sequence: stopSequence(g),
    usage: usageOf(g),
    switchyard: extension(g),
  }),
  perStream: streamWriter,
  error: anthropicErrorBody,
  inOwnTerms: inAnthropicTerms,
  vendor: { policy: "anthropic", outputField: () => "max_tokens", ignoredOf: (body: MessagesRequest) => serverToolsOf(body) },
} satisfies Door<MessagesRequest>;
