// The OpenAI door's request, mapped onto the generation request the service takes (API.md §5).
import type { ChatCompletionRequest } from "../ai/openai-schema";
import type { GenerationRequest } from "../ai/schema";

export function toGenerationRequest(chat: ChatCompletionRequest): GenerationRequest {
  return {
    product: chat.model.replace(/^switchyard\//, ""),
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
  };
}
