// The OpenAI door's request, mapped onto the generation request the service takes (field rules:
// server/ai/openai-features.ts).
import "server-only";
import type { GenerationInput } from "../schema";
import { answerOptions, nativeTurn, productOfModel, refuseUnsupported } from "../openai-features";
import type { ChatCompletionRequest } from "../openai-schema";

export function toGenerationRequest(chat: ChatCompletionRequest): GenerationInput {
  refuseUnsupported(chat);
  return {
    product: productOfModel(chat.model),
    messages: chat.messages.map(nativeTurn),
    stream: chat.stream,
    risk: 0.3,
    max_output_tokens: chat.max_completion_tokens ?? chat.max_tokens ?? undefined,
    temperature: chat.temperature ?? undefined,
    metadata: chat.metadata,
    ...(chat.prompt_cache_key ? { prompt_cache_key: chat.prompt_cache_key } : {}),
    ...answerOptions(chat),
  };
}
