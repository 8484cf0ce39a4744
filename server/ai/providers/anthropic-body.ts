// The request body of the Anthropic Messages API: system messages move to `system`, image parts
// become URL or base64 sources, and a prefill is a trailing assistant message.
import { JSON_INSTRUCTION } from "../json-answer";
import { continuationInstruction, textOf } from "./request-parts";
import type { ChatMessage, ContentPart, UpstreamRequest } from "./types";

type Block =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "url"; url: string } | { type: "base64"; media_type: string; data: string } };

function imageSource(url: string): Extract<Block, { type: "image" }>["source"] {
  const data = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!data) return { type: "url", url };
  const [, mediaType, params, payload] = data;
  // The API takes base64 only; a percent-encoded data: URL is re-encoded.
  const base64 = /;base64/i.test(params) ? payload : Buffer.from(decodeURIComponent(payload)).toString("base64");
  return { type: "base64", media_type: mediaType, data: base64 };
}

function blocks(content: string | ContentPart[]): string | Block[] {
  if (typeof content === "string") return content;
  // Empty text blocks are refused by the API.
  return content.flatMap((p): Block[] => (p.type === "image" ? [{ type: "image", source: imageSource(p.url) }] : p.text ? [{ type: "text", text: p.text }] : []));
}

export type MessagesBody = {
  model: string;
  max_tokens: number;
  messages: { role: "user" | "assistant"; content: string | Block[] }[];
  system?: string;
  stop_sequences?: string[];
  stream: true;
  temperature?: number;
};

/**
 * The body, and the whitespace cut off the end of a prefill: the API refuses an assistant
 * message ending in white space, so it is sent trimmed and the caller drops the white space the
 * continuation starts with (the client already has it).
 */
export function messagesBody(request: UpstreamRequest): { body: MessagesBody; trimmed: string } {
  const system = request.messages.filter((m) => m.role === "system").map((m) => textOf(m.content)).filter(Boolean);
  // No JSON mode in this API: the instruction asks for it, the core checks the answer.
  if (request.json) system.push(JSON_INSTRUCTION);
  // The API refuses a stop sequence of white space only; the core still enforces every one.
  const stops = request.stop?.filter((s) => s.trim() !== "") ?? [];
  const messages: MessagesBody["messages"] = request.messages
    .filter((m): m is ChatMessage & { role: "user" | "assistant" } => m.role !== "system")
    .map((m) => ({ role: m.role, content: blocks(m.content) }));
  let trimmed = "";
  const continuation = request.continuation;
  if (continuation?.mode === "prefill") {
    const text = continuation.text.trimEnd();
    trimmed = continuation.text.slice(text.length);
    if (text) messages.push({ role: "assistant", content: text });
  } else if (continuation) {
    messages.push({ role: "user", content: continuationInstruction(continuation.text) });
  }
  const body: MessagesBody = {
    model: request.model,
    max_tokens: request.maxOutputTokens,
    messages,
    ...(system.length ? { system: system.join("\n\n") } : {}),
    ...(stops.length ? { stop_sequences: stops } : {}),
    stream: true,
    // The public API allows 0..2; this API allows 0..1 and refuses the rest.
    ...(request.temperature === undefined ? {} : { temperature: Math.min(1, request.temperature) }),
  };
  return { body, trimmed };
}
