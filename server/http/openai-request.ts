// The OpenAI door's request, mapped onto the generation request the service takes (field rules:
// server/ai/openai-features.ts).
import type { GenerationInput } from "../ai/generate";
import { answerOptions, productOfModel, refuseUnsupported } from "../ai/openai-features";
import type { ChatCompletionRequest } from "../ai/openai-schema";

export function toGenerationRequest(chat: ChatCompletionRequest): GenerationInput {
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
