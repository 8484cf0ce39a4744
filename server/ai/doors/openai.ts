// The OpenAI-compatible door (API.md §5): the same generation as the native endpoints, spoken in
// Chat Completions' wire format so that existing OpenAI SDKs and tools work unchanged.
import { errorBody } from "../../errors";
import { toAppError } from "../../http/handle-error";
import { parseBody } from "../../http/parse-body";
import { longRunResponse, sseResponse } from "../../http/sse";
import type { KeyHandler } from "../../http/with-api-key";
import { prepareGeneration, runGeneration, type Generation, type GenerationInput } from "../generate";
import { answerOptions, inDoorTerms, productOfModel, refuseUnsupported } from "../openai-features";
import { chatCompletionRequest, type ChatCompletionRequest } from "./openai-schema";

function toGenerationRequest(chat: ChatCompletionRequest): GenerationInput {
  refuseUnsupported(chat);
  return {
    product: productOfModel(chat.model),
    messages: chat.messages.map((m) => ({
      role: m.role === "developer" ? "system" : m.role,
      content:
        typeof m.content === "string"
          ? m.content
          : m.content.map((p) => (p.type === "text" ? p : { type: "image" as const, url: p.image_url.url })),
    })),
    stream: chat.stream,
    risk: 0.3,
    max_output_tokens: chat.max_completion_tokens ?? chat.max_tokens ?? undefined,
    temperature: chat.temperature ?? undefined,
    metadata: chat.metadata,
    ...answerOptions(chat),
  };
}

const usageOf = (g: Generation) => ({
  prompt_tokens: g.usage.input_tokens,
  completion_tokens: g.usage.output_tokens,
  total_tokens: g.usage.input_tokens + g.usage.output_tokens,
});
const extension = (g: Generation) => ({ credits: g.usage.credits, routing: g.routing });

export const chatCompletions: KeyHandler = async (request, { key, requestId }) => {
  const chat = await parseBody(request, chatCompletionRequest);
  const prepared = await prepareGeneration({ ...key, keyId: key.id }, "completions", toGenerationRequest(chat)).catch((error: unknown) => {
    throw inDoorTerms(error, chat);
  });
  const created = Math.floor(Date.now() / 1000);
  const head = { id: prepared.id, created, model: prepared.product };
  if (chat.stream) {
    return sseResponse(
      async (emit, signal) => {
        const chunk = (delta: object, finish: string | null) =>
          emit(null, { ...head, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] });
        chunk({ role: "assistant", content: "" }, null);
        try {
          const generation = await runGeneration(prepared, (text) => chunk({ content: text }, null), signal);
          chunk({}, "stop");
          if (chat.stream_options?.include_usage) {
            emit(null, { ...head, object: "chat.completion.chunk", choices: [], usage: usageOf(generation), switchyard: extension(generation) });
          }
          emit(null, "[DONE]");
        } catch (error) {
          if (!signal.aborted) emit(null, errorBody(toAppError(error), requestId));
        }
      },
      {},
      request.signal,
    );
  }
  const work = runGeneration(prepared, () => undefined, request.signal).then(
    (g) => ({
      status: 200,
      body: {
        ...head,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: g.output }, finish_reason: "stop" }],
        usage: usageOf(g),
        switchyard: extension(g),
      } as unknown,
    }),
    (error: unknown) => {
      const failure = toAppError(error, request.signal);
      return { status: failure.status, body: errorBody(failure, requestId) as unknown };
    },
  );
  return longRunResponse(work, {});
};
