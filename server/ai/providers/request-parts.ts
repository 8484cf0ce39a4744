// Pieces every HTTP adapter builds the same way: the API key from its environment variable, the
// continuation of an interrupted answer, and the text of a message.
import "server-only";
import type { FamilyConfig } from "../families/config";
import { UpstreamFailure, type ChatMessage, type ContentPart, type UpstreamRequest } from "./types";

/**
 * The key named by api_key_env, or undefined when the family needs none. A missing or unusable
 * key fails here, before any request, and the failure never quotes the key (a header error from
 * fetch would).
 */
export function apiKey(family: FamilyConfig): string | undefined {
  if (!family.api_key_env) return undefined;
  const key = process.env[family.api_key_env]?.trim();
  if (!key) throw new UpstreamFailure("rejected", `${family.api_key_env} is not set`);
  if (!/^[\x21-\x7e]+$/.test(key)) throw new UpstreamFailure("rejected", `${family.api_key_env} is not a valid header value`);
  return key;
}

/** Asks for the rest of an answer whose beginning is quoted, for families that refuse a prefill. */
export function continuationInstruction(text: string): string {
  return [
    "Your previous answer to the conversation above was interrupted. This is the part already written, between the markers:",
    "<<<BEGIN",
    text,
    "END>>>",
    "Continue from exactly where it stops, even in the middle of a word or sentence. Do not repeat any of it and write nothing before the continuation.",
  ].join("\n");
}

/** The conversation with the interrupted answer appended the way the mode asks. */
export function withContinuation(request: UpstreamRequest): ChatMessage[] {
  const { continuation, messages } = request;
  if (!continuation) return messages;
  if (continuation.mode === "prefill") return [...messages, { role: "assistant", content: continuation.text }];
  return [...messages, { role: "user", content: continuationInstruction(continuation.text) }];
}

export const textOf = (content: string | ContentPart[]): string =>
  typeof content === "string" ? content : content.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");

/** Throws the caller's abort as-is: a cancelled request is not a failure of the family. */
export function rethrowIfAborted(signal: AbortSignal, error: unknown): void {
  if (signal.aborted) throw error;
}
