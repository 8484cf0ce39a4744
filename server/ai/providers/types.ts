// The contract between the routing core and the model-family adapters. An adapter speaks one
// wire protocol (OpenAI-compatible Chat Completions, Anthropic Messages, the built-in sandbox),
// always streams, and turns every failure into an UpstreamFailure of a known kind. Timeouts are
// enforced by the core from the events' timing, not by adapters.
import "server-only";
import type { FamilyConfig } from "../families/config";

export type ContentPart = { type: "text"; text: string } | { type: "image"; url: string };

/** A function the model may call (/docs, tools): `parameters` is a JSON Schema object. */
export type ToolSpec = { name: string; description?: string; parameters: Record<string, unknown>; strict?: boolean };
/** `auto` (the model decides), `none`, `required` (at least one call), or one named function. */
export type ToolChoice = "auto" | "none" | "required" | { name: string };
/** A finished call: `arguments` is the JSON text of an object. */
export type ToolCall = { id: string; name: string; arguments: string };

/**
 * A block of an engine's thinking as the engine wrote it: its text and the signature with which the
 * engine takes it back, or the block it sent redacted. Never shown to a client as it is (thinking.ts
 * seals the signature and the redacted data).
 */
export type ThinkingBlock = { thinking: string; signature: string } | { redacted: string };

/**
 * One turn of the conversation. An assistant turn may carry the calls it made (`toolCalls`) and
 * the thinking blocks an earlier answer carried, sealed as the client got them (`thinking`); a
 * `tool` turn carries one call's result (`toolCallId`, the result as text in `content`).
 */
export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content: string | ContentPart[];
  toolCalls?: ToolCall[];
  toolCallId?: string;
  thinking?: ThinkingBlock[];
};

/** Structured output: the answer must be one JSON value valid against `schema`. */
export type ResponseSchema = { name: string; schema: Record<string, unknown>; strict?: boolean };

/** Sampling fields passed to families that take them (ignored by the others). */
export type Sampling = { topP?: number; presencePenalty?: number; frequencyPenalty?: number; logitBias?: Record<string, number> };

export type UpstreamRequest = {
  model: string;
  messages: ChatMessage[];
  maxOutputTokens: number;
  temperature?: number;
  /** Stop sequences (OpenAI's `stop`), for families that take them; the core enforces them anyway. */
  stop?: string[];
  /** For families that take a seed (best-effort reproducibility). */
  seed?: number;
  /** The answer must be one JSON object: a family's JSON mode, or an instruction (checked by the core). */
  json?: boolean;
  /** The answer must be JSON valid against this schema (families' native structured output where they have it). */
  responseSchema?: ResponseSchema;
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  sampling?: Sampling;
  /**
   * Text an earlier attempt already streamed to the client; the answer must continue from its
   * end. `prefill` sends it as a trailing assistant message; `instruction` asks for the rest in
   * a user message (for families that refuse an assistant prefill).
   */
  continuation?: { text: string; mode: "prefill" | "instruction" };
  /**
   * The endpoint when it is `code` or `review`: real families get the prompt as sent; the sandbox
   * answers in the endpoint's shape (a fenced code block, a review that quotes the lines).
   */
  endpoint?: "code" | "review";
  /**
   * The client asked for its prompt to be cached: OpenAI-format engines get `prompt_cache_key`,
   * Anthropic-format engines cache breakpoints on the system prompt, the tools and the latest turn.
   */
  promptCache?: { key: string };
  /**
   * The client asked the engine to think before it answers (Anthropic's `thinking`): with this
   * budget of output tokens, or as much as the engine decides (`budgetTokens` absent). Engines that
   * think get it; the others answer as they do.
   */
  thinking?: { budgetTokens?: number };
  signal: AbortSignal;
};

export type UpstreamEvent =
  /** Response headers arrived with a success status: the connection is up. */
  | { type: "open" }
  | { type: "delta"; text: string }
  /**
   * A fragment of tool call number `index` (0-based, in the answer's order): `id` and `name` come
   * with its first fragment, `arguments` is the next piece of its JSON text (may be ""). The core
   * assembles the fragments and checks the whole call before anything of it is delivered.
   */
  | { type: "tool_call"; index: number; id?: string; name?: string; arguments: string }
  /**
   * Token counts as the family reports them (may come once, at the end, or never): `inputTokens`
   * all of the input, `cachedInputTokens` the part of it read from the engine's prompt cache and
   * `cacheWriteTokens` the part written to it; `reasoningTokens` the part of the output spent thinking.
   */
  | { type: "usage"; inputTokens: number; outputTokens: number; cachedInputTokens?: number; cacheWriteTokens?: number; reasoningTokens?: number }
  /** A whole block of the engine's thinking (it comes before the answer's text). */
  | { type: "thinking"; block: ThinkingBlock }
  /** The family's own end-of-stream marker was seen: the answer is complete, for this reason. */
  | { type: "end"; finish: FinishReason };

/**
 * Why an answer ended (`finish_reason` on both doors, /docs): the engine finished, the output limit was
 * reached (the answer is cut), or the engine's content filter stopped it.
 */
export type FinishReason = "stop" | "length" | "content_filter" | "tool_calls";

export type FailureKind =
  | "rate_limited" // 429
  | "server_error" // 5xx
  | "connection" // refused, reset, DNS
  | "timeout_connect" // no response headers in time (set by the core)
  | "timeout_first_token" // no first delta in time (set by the core)
  | "stalled" // gap between events over the idle limit (set by the core)
  | "truncated" // stream ended without the family's terminator
  | "malformed" // a chunk that cannot be parsed (the attempt ends there: a skipped chunk would leave a gap)
  | "context_length" // the input does not fit the model
  | "content_policy" // the family refused the content
  | "prefill_refused" // the family does not accept an assistant prefill
  | "rejected" // any other 4xx (auth, bad request): this family cannot serve it
  | "not_json" // the answer is not the JSON object the request asked for (set by the core)
  | "schema_mismatch" // the answer is JSON but not valid against the request's schema (set by the core)
  | "bad_tool_call"; // a tool call cut, without a name, with arguments that are not a JSON object or break a strict schema (set by the core)

export class UpstreamFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** For operators' logs only: never shown to a client (may name the vendor). */
    readonly detail: string,
    readonly retryAfterMs?: number,
  ) {
    super(`${kind}: ${detail}`);
    this.name = "UpstreamFailure";
  }
}

/**
 * One answer of a family: `emit` is called with each event as it arrives, `open` first and `end`
 * last; the promise resolves once the answer is complete and rejects with its failure (or, when
 * `request.signal` aborts, with the abort). Pushed rather than pulled, so that an open stream
 * waits on no promise between events. `emit` must not throw.
 */
export type ModelFamilyAdapter = (family: FamilyConfig, request: UpstreamRequest, emit: (event: UpstreamEvent) => void) => Promise<void>;
