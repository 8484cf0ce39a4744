// The built-in sandbox family: answers without any account or network, streamed in chunks of one
// to four words at the family's pacing, so the demo and the console behave like the real thing.
// It can do everything a family can: tool calls (streamed in fragments, arguments made from the
// tool's schema), answers that use tool results, and JSON answers valid against a response schema.
// Whatever a request asks, it never builds more than max_output_tokens × SANDBOX_CHARS_PER_TOKEN
// characters, cuts them to the limit in bounded pieces, and counts the input a slice at a time.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { decode, encode } from "gpt-tokenizer/encoding/o200k_base";
import { families } from "../families";
import type { FamilyConfig } from "../families/config";
import { SANDBOX_CHARS_PER_TOKEN } from "../input-limits";
import { countMessageTokensWithin, countTokens, inputWithTools, pieces } from "../tokens";
import { textOf, withContinuation } from "./request-parts";
import { sandboxCode } from "./sandbox-code";
import { sandboxReview } from "./sandbox-review";
import { namesToAvoid, sandboxAnswer, sandboxContinuation, seededRandom } from "./sandbox-text";
import { argumentsFor, exampleOf, toolResultAnswer, toolsToCall } from "./sandbox-tools";
import { UpstreamFailure, type ModelFamilyAdapter, type UpstreamRequest } from "./types";

/** The first `length` characters, never half of a surrogate pair. */
const cutAt = (text: string, length: number) => {
  const before = text.charCodeAt(length - 1);
  return text.slice(0, before >= 0xd800 && before <= 0xdbff ? length - 1 : length);
};

/**
 * The text cut to at most `max` tokens, the way a model stops at its output limit. No text of
 * `max` tokens is longer than `max` × SANDBOX_CHARS_PER_TOKEN characters, so nothing past that is
 * looked at; the rest is counted in the tokenizer's bounded pieces (tokenizing a long run whole
 * costs the square of its length: 200,000 `a` took 59 s) and only the piece where the limit
 * falls is cut token by token.
 */
export function capTokens(text: string, max: number): string {
  const bound = Math.max(0, max) * SANDBOX_CHARS_PER_TOKEN;
  let kept = "";
  let total = 0;
  for (const piece of pieces(text.length > bound ? cutAt(text, bound) : text)) {
    const tokens = countTokens(piece);
    if (total + tokens <= max) {
      kept += piece;
      total += tokens;
      continue;
    }
    let capped = kept + decode(encode(piece).slice(0, Math.max(0, max - total)));
    // Re-tokenising a cut text can merge differently; trim until the count holds.
    while (capped && countTokens(capped) > max) capped = capped.slice(0, -1);
    return capped;
  }
  return kept;
}

/** Splits text into chunks of 1–4 words; concatenated they give back the text exactly. */
export function wordChunks(text: string, random: () => number): string[] {
  const words: string[] = text.match(/\s*\S+/g) ?? [];
  const tail = text.slice(words.join("").length);
  if (tail) words.push(tail);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; ) {
    const size = 1 + Math.floor(random() * 4);
    chunks.push(words.slice(i, i + size).join(""));
    i += size;
  }
  return chunks;
}

/**
 * Every configured family id and model name, whole: the sandbox takes topic words from the prompt,
 * and a prompt may name another family (a client guessing, a fallback's fault directive in tests);
 * the answer must not repeat it. (Its own names are also avoided piece by piece, above.)
 */
function otherNames(): string[] {
  return families().families.flatMap((f) => [f.id, ...Object.values(f.models).map((m) => m.name)]).map((name) => name.toLowerCase());
}

/** The code and review endpoints' answers, in their shape: code in a fence, a review quoting the lines. */
function endpointAnswer(request: UpstreamRequest): string | undefined {
  if (!request.endpoint) return undefined;
  const lastUser = [...request.messages].reverse().find((m) => m.role === "user");
  const prompt = lastUser ? textOf(lastUser.content) : "";
  return request.endpoint === "code" ? sandboxCode(prompt) : sandboxReview(prompt);
}

export const sandboxAdapter: ModelFamilyAdapter = async (family: FamilyConfig, request: UpstreamRequest, emit): Promise<void> => {
  const { signal } = request;
  signal.throwIfAborted();
  const sent = withContinuation(request);
  // Counted a slice at a time, like the core's count (a 1 MiB prompt never holds the server).
  const inputTokens = (await countMessageTokensWithin(inputWithTools(sent, request.tools, request.responseSchema), Number.MAX_SAFE_INTEGER)) ?? 0;
  // Behaves like a real family at its context window, so routing around it can be tried out.
  const window = Object.values(family.models).find((m) => m.name === request.model)?.context_window;
  if (window !== undefined && inputTokens > window) throw new UpstreamFailure("context_length", `${inputTokens} input tokens over ${window}`);

  const avoid = [...namesToAvoid([family.id, request.model, ...Object.values(family.models).map((m) => m.name)]), ...otherNames()];
  const calls = toolsToCall(request);
  const prose = calls.length ? "" : (toolResultAnswer(request.messages) ?? endpointAnswer(request) ?? sandboxAnswer(request.messages, request.model, avoid));
  // Like an engine in JSON mode: the same answer, as one JSON object (or the schema's example).
  const whole = calls.length
    ? ""
    : request.responseSchema
      ? JSON.stringify(exampleOf(request.responseSchema.schema, request.maxOutputTokens * SANDBOX_CHARS_PER_TOKEN))
      : request.json ? JSON.stringify({ answer: prose }) : prose;
  const prefix = request.continuation?.text ?? "";
  // Continuing its own answer picks up exactly where the prefix stops; another family's prefix
  // gets a few more sentences of its own.
  const rest = whole.startsWith(prefix) ? whole.slice(prefix.length) : calls.length ? "" : sandboxContinuation(request.messages, request.model, prefix, avoid);
  const output = capTokens(rest, request.maxOutputTokens);

  emit({ type: "open" });
  for (const chunk of wordChunks(output, seededRandom(`${request.model}\n${output}`))) {
    if (family.pacing_ms > 0) await sleep(family.pacing_ms, undefined, { signal });
    else signal.throwIfAborted();
    emit({ type: "delta", text: chunk });
  }
  let callTokens = 0;
  for (const [index, tool] of calls.entries()) {
    // Like a real engine: the id and name first, then the arguments in two pieces.
    const args = argumentsFor(tool);
    const half = Math.ceil(args.length / 2);
    callTokens += countTokens(tool.name) + countTokens(args);
    for (const [i, piece] of [args.slice(0, half), args.slice(half)].entries()) {
      if (family.pacing_ms > 0) await sleep(family.pacing_ms, undefined, { signal });
      else signal.throwIfAborted();
      emit({ type: "tool_call", index, ...(i === 0 ? { id: `sandbox-${index}`, name: tool.name } : {}), arguments: piece });
    }
  }
  emit({ type: "usage", inputTokens, outputTokens: countTokens(output) + callTokens });
  emit({ type: "end", finish: calls.length ? "tool_calls" : output.length < rest.length ? "length" : "stop" });
};
