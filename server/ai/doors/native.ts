// The native door (/docs, AI API): the generation as JSON; streamed as `delta` events, one
// `tool_call` event per whole call, then one `done` (the generation without its output and calls)
// or one `error`.
import "server-only";
import { errorBody } from "../../errors";
import { generationRequest, type GenerationRequest } from "../schema";
import type { Door } from "./door";

export const nativeDoor: Door<GenerationRequest> = {
  door: "native",
  body: generationRequest,
  parse: (body) => body,
  answer: ({ stop_sequence: _stop, ...generation }) => generation,
  error: errorBody,
  opening: () => [],
  delta: (text) => ({ event: "delta", data: { text } }),
  closing: ({ id, product, usage, routing, finish_reason, metadata, tool_calls = [] }) => [
    ...tool_calls.map((call) => ({ event: "tool_call", data: call })),
    { event: "done", data: { id, product, usage, routing, finish_reason, metadata } },
  ],
  failure: (error, requestId) => ({ event: "error", data: errorBody(error, requestId) }),
};
