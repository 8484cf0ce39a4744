// The native wire format of the generation door (/docs, AI API): the generation as JSON; streamed as
// `delta` events, one `tool_call` event per whole call, then one `done` (the generation without its
// output and calls) or one `error`.
import "server-only";
import { generationRequest, type GenerationRequest } from "../ai/schema";
import type { WireFormat } from "./generation-door";

export const nativeWire: WireFormat<GenerationRequest> = {
  door: "native",
  body: generationRequest,
  toGeneration: (body) => body,
  answer: (generation) => generation,
  opening: () => [],
  delta: (text) => ({ event: "delta", data: { text } }),
  closing: ({ id, product, usage, routing, finish_reason, metadata, tool_calls = [] }) => [
    ...tool_calls.map((call) => ({ event: "tool_call", data: call })),
    { event: "done", data: { id, product, usage, routing, finish_reason, metadata } },
  ],
  failure: (error) => ({ event: "error", data: error }),
};
