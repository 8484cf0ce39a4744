// Adapter for OpenAI-compatible Chat Completions servers (hosted APIs and self-hosted engines such
// as vLLM, Ollama and llama.cpp): one streaming POST to {base_url}/chat/completions.
import "server-only";
import type { FamilyConfig } from "../families/config";
import { classifyRefusal, errorInfo, failureFromTransport, openEventStream, shortCode } from "./http-failure";
import { chatCompletionsBody } from "./openai-body";
import { apiKey, rethrowIfAborted } from "./request-parts";
import { eachRecord } from "./sse-reader";
import { UpstreamFailure, type FinishReason, type ModelFamilyAdapter, type UpstreamEvent, type UpstreamRequest } from "./types";

type ToolCallDelta = { index?: number; id?: string; function?: { name?: string; arguments?: unknown } };
type Chunk = {
  choices?: { delta?: { content?: string | null; tool_calls?: ToolCallDelta[] | null }; finish_reason?: string | null }[];
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number } | null;
    completion_tokens_details?: { reasoning_tokens?: number } | null;
  } | null;
  error?: unknown;
};

/**
 * Turns `delta.tool_calls[]` into call fragments. Calls are numbered by their `index`; servers
 * that leave it out send each call whole or start a new one with a new `id`, so those are
 * numbered in the order they come. A call's id and name go out once, with its first fragment
 * that has them (a few servers repeat them on every fragment).
 */
function callReader() {
  const ids = new Map<number, string>();
  const named = new Set<number>();
  let last = -1;
  return function* (deltas: ToolCallDelta[]): Generator<UpstreamEvent> {
    for (const delta of deltas) {
      const index = typeof delta.index === "number" ? delta.index : last < 0 || (delta.id && delta.id !== ids.get(last)) ? last + 1 : last;
      last = Math.max(last, index);
      const id = delta.id && !ids.has(index) ? delta.id : undefined;
      if (id) ids.set(index, id);
      const name = delta.function?.name && !named.has(index) ? delta.function.name : undefined;
      if (name) named.add(index);
      const raw = delta.function?.arguments;
      // A few servers send the arguments as an object rather than its JSON text.
      const args = raw === undefined || raw === null ? "" : typeof raw === "string" ? raw : JSON.stringify(raw);
      if (!id && !name && !args) continue;
      yield { type: "tool_call", index, ...(id ? { id } : {}), ...(name ? { name } : {}), arguments: args };
    }
  };
}

function finishOf(reason: string, calls: boolean): FinishReason {
  if (reason === "length") return "length";
  // Some servers end an answer of calls with "stop"; "function_call" is the older name.
  return reason === "tool_calls" || reason === "function_call" || calls ? "tool_calls" : "stop";
}

export const openaiAdapter: ModelFamilyAdapter = async (family: FamilyConfig, request: UpstreamRequest, emit): Promise<void> => {
  const key = apiKey(family);
  const stream = await openEventStream(
    `${family.base_url}/chat/completions`,
    key ? { authorization: `Bearer ${key}` } : {},
    chatCompletionsBody(request),
    request.signal,
  );
  emit({ type: "open" });

  let usage: Omit<Extract<UpstreamEvent, { type: "usage" }>, "type"> | undefined;
  let finish: FinishReason | undefined;
  let calls = false;
  const readCalls = callReader();
  let complete: boolean;
  try {
    complete = await eachRecord(stream, (record) => {
      if (record.data === "[DONE]") return true;
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
      if (choice?.delta?.content) emit({ type: "delta", text: choice.delta.content });
      if (Array.isArray(choice?.delta?.tool_calls)) {
        for (const event of readCalls(choice.delta.tool_calls)) {
          calls = true;
          emit(event);
        }
      }
      if (choice?.finish_reason === "content_filter") throw new UpstreamFailure("content_policy", "finish_reason content_filter");
      if (choice?.finish_reason) finish = finishOf(choice.finish_reason, calls);
      // Kept until the end: some servers repeat running totals on every chunk.
      if (chunk.usage) {
        const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
        const reasoning = chunk.usage.completion_tokens_details?.reasoning_tokens ?? 0;
        usage = {
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0,
          ...(cached ? { cachedInputTokens: cached } : {}),
          ...(reasoning ? { reasoningTokens: reasoning } : {}),
        };
      }
    });
  } catch (error) {
    rethrowIfAborted(request.signal, error);
    throw failureFromTransport(error);
  }
  // Older llama.cpp builds and some proxies close a complete answer without [DONE]; a
  // finish_reason already said it was complete.
  if (!complete && !finish) throw new UpstreamFailure("truncated", "stream ended without [DONE]");
  if (usage) emit({ type: "usage", ...usage });
  emit({ type: "end", finish: finish ?? (calls ? "tool_calls" : "stop") });
};
