// The OpenAI-compatible door (/docs, AI API): Chat Completions' answer
// and chunks, so that existing OpenAI SDKs and tools work unchanged. Usage and our own `switchyard`
// member (credits, routing) ride on the answer, and on a last chunk when the client asks for usage.
import "server-only";
import { errorBody } from "../../errors";
import type { Generation } from "../generate";
import { inDoorTerms } from "../openai-features";
import { chatCompletionRequest, type ChatCompletionRequest } from "../openai-schema";
import type { Door, Started, WireEvent } from "./door";
import { toGenerationRequest } from "./openai-request";

const usageOf = (g: Generation) => ({
  prompt_tokens: g.usage.input_tokens,
  completion_tokens: g.usage.output_tokens,
  total_tokens: g.usage.input_tokens + g.usage.output_tokens,
  prompt_tokens_details: { cached_tokens: g.usage.cached_input_tokens ?? 0 },
  completion_tokens_details: { reasoning_tokens: g.usage.reasoning_tokens ?? 0 },
});
const extension = (g: Generation) => ({ credits: g.usage.credits, routing: g.routing });
const head = (started: Started) => ({ id: started.id, created: Math.floor(started.created.getTime() / 1000), model: started.product });

/** The answer's calls as OpenAI writes them: `arguments` as JSON text. */
const callsOf = (g: Generation) =>
  (g.tool_calls ?? []).map((call) => ({ id: call.id, type: "function" as const, function: { name: call.name, arguments: JSON.stringify(call.arguments) } }));

const chunk = (started: Started, delta: object, finish: string | null): WireEvent => ({
  event: null,
  data: { ...head(started), object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] },
});

export const openaiDoor: Door<ChatCompletionRequest> = {
  door: "openai",
  body: chatCompletionRequest,
  parse: toGenerationRequest,
  answer: (g, started) => ({
    ...head(started),
    object: "chat.completion",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          // OpenAI's answer that is only calls has no content.
          content: g.tool_calls?.length && !g.output ? null : g.output,
          ...(g.tool_calls?.length ? { tool_calls: callsOf(g) } : {}),
          refusal: null,
        },
        finish_reason: g.finish_reason,
      },
    ],
    usage: usageOf(g),
    switchyard: extension(g),
  }),
  opening: (started) => [chunk(started, { role: "assistant", content: "" }, null)],
  delta: (text, started) => chunk(started, { content: text }, null),
  closing: (g, started, body) => [
    // Each call in one chunk, whole: its index, id, name and all of its arguments.
    ...callsOf(g).map((call, index) => chunk(started, { tool_calls: [{ index, ...call }] }, null)),
    chunk(started, {}, g.finish_reason),
    ...(body.stream_options?.include_usage
      ? [{ event: null, data: { ...head(started), object: "chat.completion.chunk", choices: [], usage: usageOf(g), switchyard: extension(g) } }]
      : []),
    { event: null, data: "[DONE]" },
  ],
  error: errorBody,
  failure: (error, requestId) => ({ event: null, data: errorBody(error, requestId) }),
  inOwnTerms: inDoorTerms,
  vendor: { policy: "chat", outputField: (body) => (body.max_completion_tokens != null ? "max_completion_tokens" : "max_tokens") },
};
