// Adapter for the Anthropic Messages API: one streaming POST to {base_url}/messages, read as
// typed server-sent events (message_start, content_block_start/delta/stop, message_delta,
// message_stop). A tool_use block is a call: its input arrives as input_json_delta fragments. A
// thinking block (thinking_delta, then signature_delta) is handed on whole, as is a redacted one.
import "server-only";
import type { FamilyConfig } from "../families/config";
import { messagesBody } from "./anthropic-body";
import { answerToolName } from "./anthropic-tools";
import { classifyRefusal, failureFromTransport, openEventStream, shortCode } from "./http-failure";
import { apiKey, rethrowIfAborted } from "./request-parts";
import { eachRecord } from "./sse-reader";
import { UpstreamFailure, type FailureKind, type FinishReason, type ModelFamilyAdapter, type UpstreamRequest } from "./types";

const DEFAULT_VERSION = "2023-06-01";

type Usage = { input_tokens?: number; output_tokens?: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number };
type StreamEvent = {
  type?: string;
  index?: number;
  message?: { usage?: Usage };
  content_block?: { type?: string; id?: string; name?: string; input?: unknown; thinking?: string; signature?: string; data?: string };
  delta?: { type?: string; text?: string; partial_json?: string; thinking?: string; signature?: string; stop_reason?: string | null };
  usage?: Usage;
  error?: { type?: string; message?: string };
};

/** The cache reads and writes of the latest usage that reports them. */
function noteCache(cache: { read: number; written: number }, usage: Usage | undefined): void {
  if (usage?.cache_read_input_tokens !== undefined) cache.read = usage.cache_read_input_tokens;
  if (usage?.cache_creation_input_tokens !== undefined) cache.written = usage.cache_creation_input_tokens;
}

/** Cached prompt tokens are reported apart from input_tokens but are input all the same. */
const inputOf = (usage: Usage): number | undefined =>
  usage.input_tokens === undefined ? undefined : usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);

function streamErrorKind(error: StreamEvent["error"]): FailureKind {
  if (error?.type === "rate_limit_error") return "rate_limited";
  if (error?.type === "overloaded_error" || error?.type === "api_error") return "server_error";
  return classifyRefusal(`${error?.type ?? ""} ${error?.message ?? ""}`) ?? "server_error";
}

export const anthropicAdapter: ModelFamilyAdapter = async (family: FamilyConfig, request: UpstreamRequest, emit): Promise<void> => {
  const key = apiKey(family);
  const { body, trimmed } = messagesBody(request, family.id);
  const stream = await openEventStream(
    `${family.base_url}/messages`,
    { "anthropic-version": family.api_version ?? DEFAULT_VERSION, ...(key ? { "x-api-key": key } : {}) },
    body,
    request.signal,
  );
  emit({ type: "open" });

  let finish: FinishReason = "stop";
  // The answer tool's input is the answer's text; other tool_use blocks are calls, numbered in
  // their order (the stream's block index also counts text blocks).
  const answerTool = answerToolName(request);
  // A thinking block is gathered whole (its signature comes last) and handed on at its end.
  const blocks = new Map<number, { call: number } | { answer: unknown; streamed: boolean } | { thinking: string; signature: string }>();
  let calls = 0;
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  const cache = { read: 0, written: 0 };
  // White space trimmed off the prefill is already on the client's screen.
  let skipLeadingSpace = trimmed.length > 0;
  let complete: boolean;
  try {
    complete = await eachRecord(stream, (record) => {
      let event: StreamEvent;
      try {
        event = JSON.parse(record.data) as StreamEvent;
      } catch {
        // Skipping it would pass off the answer with a piece missing: the attempt ends here.
        throw new UpstreamFailure("malformed", "unparsable event");
      }
      switch (record.event ?? event.type) {
        case "message_start":
          inputTokens = inputOf(event.message?.usage ?? {}) ?? inputTokens;
          noteCache(cache, event.message?.usage);
          break;
        case "content_block_start": {
          const block = event.content_block;
          if (event.index === undefined) break;
          if (block?.type === "thinking") blocks.set(event.index, { thinking: block.thinking ?? "", signature: block.signature ?? "" });
          if (block?.type === "redacted_thinking" && block.data) emit({ type: "thinking", block: { redacted: block.data } });
          if (block?.type !== "tool_use") break;
          if (block.name === answerTool) {
            blocks.set(event.index, { answer: block.input, streamed: false });
            break;
          }
          blocks.set(event.index, { call: calls });
          emit({ type: "tool_call", index: calls++, ...(block.id ? { id: block.id } : {}), ...(block.name ? { name: block.name } : {}), arguments: "" });
          break;
        }
        case "content_block_stop": {
          const block = event.index === undefined ? undefined : blocks.get(event.index);
          // An answer whose input came whole with the block's start, not as fragments.
          if (block && "answer" in block && !block.streamed && block.answer !== undefined) emit({ type: "delta", text: JSON.stringify(block.answer) });
          if (block && "thinking" in block && block.signature) emit({ type: "thinking", block: { thinking: block.thinking, signature: block.signature } });
          break;
        }
        case "content_block_delta": {
          if (event.delta?.type === "thinking_delta" || event.delta?.type === "signature_delta") {
            const block = event.index === undefined ? undefined : blocks.get(event.index);
            if (!block || !("thinking" in block)) throw new UpstreamFailure("malformed", `${event.delta.type} outside a thinking block`);
            if (event.delta.type === "thinking_delta") block.thinking += event.delta.thinking ?? "";
            else block.signature += event.delta.signature ?? "";
            break;
          }
          if (event.delta?.type === "input_json_delta") {
            const block = event.index === undefined ? undefined : blocks.get(event.index);
            const fragment = event.delta.partial_json ?? "";
            if (!block) throw new UpstreamFailure("malformed", "input_json_delta outside a tool_use block");
            if ("call" in block) emit({ type: "tool_call", index: block.call, arguments: fragment });
            else if ("answer" in block && fragment) {
              block.streamed = true;
              emit({ type: "delta", text: fragment });
            }
            break;
          }
          // With a response schema the answer is the answer tool's input; text beside it is not part of it.
          if (event.delta?.type !== "text_delta" || !event.delta.text || answerTool) break;
          let text = event.delta.text;
          if (skipLeadingSpace) {
            text = text.trimStart();
            if (!text) break;
            skipLeadingSpace = false;
          }
          emit({ type: "delta", text });
          break;
        }
        case "message_delta":
          if (event.usage) {
            outputTokens = event.usage.output_tokens ?? outputTokens;
            inputTokens = inputOf(event.usage) ?? inputTokens;
            noteCache(cache, event.usage);
          }
          if (event.delta?.stop_reason === "refusal") throw new UpstreamFailure("content_policy", "stop_reason refusal");
          if (event.delta?.stop_reason === "max_tokens") finish = "length";
          if (event.delta?.stop_reason === "tool_use" && calls > 0) finish = "tool_calls";
          break;
        case "message_stop":
          return true;
        case "error":
          throw new UpstreamFailure(streamErrorKind(event.error), `error event${shortCode(event.error?.type)}`);
        // ping and event types added later carry nothing we need.
      }
    });
  } catch (error) {
    rethrowIfAborted(request.signal, error);
    throw failureFromTransport(error);
  }
  if (!complete) throw new UpstreamFailure("truncated", "stream ended without message_stop");
  if (inputTokens !== undefined || outputTokens !== undefined) {
    emit({
      type: "usage", inputTokens: inputTokens ?? 0, outputTokens: outputTokens ?? 0,
      ...(cache.read ? { cachedInputTokens: cache.read } : {}),
      ...(cache.written ? { cacheWriteTokens: cache.written } : {}),
    });
  }
  emit({ type: "end", finish });
};
