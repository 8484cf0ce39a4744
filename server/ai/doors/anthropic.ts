// The Anthropic Messages door (/docs, AI API): Anthropic's message answer, stream events and error
// body, so that existing Anthropic SDKs and tools work unchanged. The answer's text is one `text`
// block and each call a `tool_use` block; a stream opens the text block at its first text, sends
// each call whole as one `input_json_delta`, and ends with `message_delta` (stop reason, usage and
// our own `switchyard` member) and `message_stop`.
import "server-only";
import { errorType, type AppError } from "../../errors";
import type { Generation } from "../generate";
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

/** One stream's writer: its text block opens at the first text (the stream's own state). */
function streamWriter(): EventWriter<MessagesRequest, WireEvent> {
  let textOpen = false;
  return {
    door: "anthropic",
    opening: (started) => [
      event("message_start", {
        message: { ...message(started), content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: started.inputTokens, output_tokens: 0 } },
      }),
      event("ping", {}),
    ],
    delta(text) {
      const delta = event("content_block_delta", { index: 0, delta: { type: "text_delta", text } });
      if (textOpen) return delta;
      textOpen = true;
      return [event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }), delta];
    },
    closing(g) {
      // An answer with no text and no call still has its (empty) text block, as the answer does.
      const emptyText = !textOpen && !g.tool_calls?.length;
      const first = textOpen ? 1 : 0;
      return [
        ...(emptyText ? [event("content_block_start", { index: 0, content_block: { type: "text", text: "" } })] : []),
        ...(textOpen || emptyText ? [event("content_block_stop", { index: 0 })] : []),
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
