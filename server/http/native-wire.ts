// The native wire format of the generation door (/docs, AI API): the generation as JSON; streamed as
// `delta` events, then one `done` (the generation without its output) or one `error`.
import { generationRequest, type GenerationRequest } from "../ai/schema";
import type { WireFormat } from "./generation-door";

export const nativeWire: WireFormat<GenerationRequest> = {
  door: "native",
  body: generationRequest,
  toGeneration: (body) => body,
  answer: (generation) => generation,
  opening: () => [],
  delta: (text) => ({ event: "delta", data: { text } }),
  closing: ({ id, product, usage, routing, finish_reason, metadata }) => [{ event: "done", data: { id, product, usage, routing, finish_reason, metadata } }],
  failure: (error) => ({ event: "error", data: error }),
};
