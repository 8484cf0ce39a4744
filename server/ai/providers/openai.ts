// Adapter for OpenAI-compatible Chat Completions servers (hosted APIs and self-hosted engines such
// as vLLM, Ollama and llama.cpp): one streaming POST to {base_url}/chat/completions.
import type { FamilyConfig } from "../families/config";
import { classifyRefusal, errorInfo, failureFromTransport, openEventStream, shortCode } from "./http-failure";
import { apiKey, rethrowIfAborted, withContinuation } from "./request-parts";
import { readSse } from "./sse-reader";
import { UpstreamFailure, type ChatMessage, type FinishReason, type ModelFamilyAdapter, type UpstreamEvent, type UpstreamRequest } from "./types";

type Chunk = {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: unknown;
};

function wireMessage(message: ChatMessage) {
  if (typeof message.content === "string") return { role: message.role, content: message.content };
  // Text-only part lists go as one string: many compatible servers reject part arrays for
  // models without vision.
  if (message.content.every((p) => p.type === "text")) return { role: message.role, content: message.content.map((p) => p.text).join("\n") };
  const content = message.content.map((p) => (p.type === "text" ? { type: "text", text: p.text } : { type: "image_url", image_url: { url: p.url } }));
  return { role: message.role, content };
}

export function chatCompletionsBody(request: UpstreamRequest) {
  return {
    model: request.model,
    messages: withContinuation(request).map(wireMessage),
    max_tokens: request.maxOutputTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.stop?.length ? { stop: request.stop } : {}),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.json ? { response_format: { type: "json_object" } } : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

export const openaiAdapter: ModelFamilyAdapter = async function* (family: FamilyConfig, request: UpstreamRequest): AsyncGenerator<UpstreamEvent> {
  const key = apiKey(family);
  const stream = await openEventStream(
    `${family.base_url}/chat/completions`,
    key ? { authorization: `Bearer ${key}` } : {},
    chatCompletionsBody(request),
    request.signal,
  );
  yield { type: "open" };

  let usage: { inputTokens: number; outputTokens: number } | undefined;
  let finish: FinishReason | undefined;
  try {
    for await (const record of readSse(stream)) {
      if (record.data === "[DONE]") {
        if (usage) yield { type: "usage", ...usage };
        yield { type: "end", finish: finish ?? "stop" };
        return;
      }
      let chunk: Chunk;
      try {
        chunk = JSON.parse(record.data) as Chunk;
      } catch {
        // Skipping it would pass off the answer with a piece missing: the attempt ends here.
        throw new UpstreamFailure("malformed", "unparsable chunk");
      }
      // Some compatible servers report a failure inside the stream instead of as a status.
      if (chunk.error) {
        const info = errorInfo(JSON.stringify({ error: chunk.error }));
        throw new UpstreamFailure(classifyRefusal(info.text) ?? "server_error", `error in stream${shortCode(info.code)}`);
      }
      const choice = chunk.choices?.[0];
      if (choice?.delta?.content) yield { type: "delta", text: choice.delta.content };
      if (choice?.finish_reason === "content_filter") throw new UpstreamFailure("content_policy", "finish_reason content_filter");
      if (choice?.finish_reason) finish = choice.finish_reason === "length" ? "length" : "stop";
      // Kept until the end: some servers repeat running totals on every chunk.
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
    }
  } catch (error) {
    rethrowIfAborted(request.signal, error);
    throw failureFromTransport(error);
  }
  // Older llama.cpp builds and some proxies close a complete answer without [DONE]; a
  // finish_reason already said it was complete.
  if (finish) {
    if (usage) yield { type: "usage", ...usage };
    yield { type: "end", finish };
    return;
  }
  throw new UpstreamFailure("truncated", "stream ended without [DONE]");
};
