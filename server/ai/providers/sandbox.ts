// The built-in sandbox family: answers without any account or network, streamed in chunks of one
// to four words at the family's pacing, so the demo and the console behave like the real thing.
// It can do everything a family can: tool calls (streamed in fragments, arguments made from the
// tool's schema), answers that use tool results, and JSON answers valid against a response schema.
import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { decode, encode } from "gpt-tokenizer/encoding/o200k_base";
import { families } from "../families";
import type { FamilyConfig } from "../families/config";
import { countMessageTokens, countTokens, inputWithTools } from "../tokens";
import { textOf, withContinuation } from "./request-parts";
import { sandboxCode } from "./sandbox-code";
import { sandboxReview } from "./sandbox-review";
import { namesToAvoid, sandboxAnswer, sandboxContinuation, seededRandom } from "./sandbox-text";
import { argumentsFor, exampleOf, toolResultAnswer, toolsToCall } from "./sandbox-tools";
import { UpstreamFailure, type ModelFamilyAdapter, type UpstreamRequest } from "./types";

/** The text cut to at most `max` tokens, the way a model stops at its output limit. */
export function capTokens(text: string, max: number): string {
  const tokens = encode(text);
  if (tokens.length <= max) return text;
  let capped = decode(tokens.slice(0, Math.max(0, max)));
  // Re-tokenising a cut text can merge differently; trim until the count holds.
  while (capped && countTokens(capped) > max) capped = capped.slice(0, -1);
  return capped;
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
  const inputTokens = countMessageTokens(inputWithTools(sent, request.tools, request.responseSchema));
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
      ? JSON.stringify(exampleOf(request.responseSchema.schema))
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
