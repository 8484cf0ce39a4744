// The console playground's door: its events are the tRPC subscription's items, as the native
// stream sends them (text, then each whole call, then the generation without both, or one error).
import "server-only";
import type { Generation } from "../generate";
import type { GenerationRequest } from "../schema";
import type { EventWriter } from "./door";

export type PlaygroundToolCall = NonNullable<Generation["tool_calls"]>[number];

export type PlaygroundEvent =
  | { type: "delta"; text: string }
  | { type: "tool_call"; call: PlaygroundToolCall }
  | { type: "done"; generation: Omit<Generation, "output" | "tool_calls"> }
  | { type: "error"; error: { code: string; message: string; suggested_product?: string } };

export const playgroundDoor: EventWriter<GenerationRequest, PlaygroundEvent> = {
  door: "playground",
  opening: () => [],
  delta: (text) => ({ type: "delta", text }),
  closing: ({ output: _output, tool_calls = [], ...generation }) => [
    ...tool_calls.map((call): PlaygroundEvent => ({ type: "tool_call", call })),
    { type: "done", generation },
  ],
  failure: (known) => ({
    type: "error",
    error: { code: known.code, message: known.message, ...(known.extra.suggested_product && { suggested_product: known.extra.suggested_product }) },
  }),
};
