// Token counts with a real tokenizer (o200k_base, pure JavaScript): for input limits, worst-case
// reservations, and billing when a family reports no usage.
import { countTokens as count, isWithinTokenLimit } from "gpt-tokenizer/encoding/o200k_base";
import type { ChatMessage } from "./providers/types";

/** Per-message framing overhead, as chat formats add role markers around each message. */
const PER_MESSAGE = 4;
/** What one image counts for, whatever its size (a flat, documented estimate). */
export const IMAGE_TOKENS = 1_000;

export const countTokens = (text: string): number => (text ? count(text) : 0);

export function countMessageTokens(messages: ChatMessage[]): number {
  let total = 0;
  for (const message of messages) {
    total += PER_MESSAGE;
    if (typeof message.content === "string") total += countTokens(message.content);
    else for (const part of message.content) total += part.type === "text" ? countTokens(part.text) : IMAGE_TOKENS;
  }
  return total;
}

/**
 * The input's tokens, or null as soon as they pass `limit`: a 1 MiB prompt against a 32k limit
 * stops after about 32k tokens instead of tokenizing all of it (bytes are capped before, when the
 * body is read).
 */
export function countMessageTokensWithin(messages: ChatMessage[], limit: number): number | null {
  let total = 0;
  const add = (tokens: number | false) => (tokens === false ? null : (total += tokens));
  for (const message of messages) {
    total += PER_MESSAGE;
    const parts = typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
    for (const part of parts) {
      if (total > limit) return null;
      if (part.type !== "text") total += IMAGE_TOKENS;
      else if (part.text && add(isWithinTokenLimit(part.text, limit - total)) === null) return null;
    }
  }
  return total > limit ? null : total;
}
