// The request body of the Anthropic Messages API: system messages move to `system`, image parts
// become URL or base64 sources, calls become tool_use blocks and their results tool_result blocks
// in a user turn, and a prefill is a trailing assistant message.
import "server-only";
import { JSON_INSTRUCTION } from "../json-answer";
import { answerToolName, toolFields, toolUseBlock, type ToolFields, type ToolUseBlock } from "./anthropic-tools";
import { continuationInstruction, textOf } from "./request-parts";
import type { ChatMessage, ContentPart, UpstreamRequest } from "./types";

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "url"; url: string } | { type: "base64"; media_type: string; data: string } };
type ToolResultBlock = { type: "tool_result"; tool_use_id: string; content: string | ContentBlock[] };
type Block = ContentBlock | ToolUseBlock | ToolResultBlock;

function imageSource(url: string): Extract<ContentBlock, { type: "image" }>["source"] {
  const data = /^data:([^;,]+)((?:;[^;,]*)*),(.*)$/s.exec(url);
  if (!data) return { type: "url", url };
  const [, mediaType, params, payload] = data;
  // The API takes base64 only; a percent-encoded data: URL is re-encoded.
  const base64 = /;base64/i.test(params) ? payload : Buffer.from(decodeURIComponent(payload)).toString("base64");
  return { type: "base64", media_type: mediaType, data: base64 };
}

function blocks(content: string | ContentPart[]): string | ContentBlock[] {
  if (typeof content === "string") return content;
  // Empty text blocks are refused by the API.
  return content.flatMap((p): ContentBlock[] => (p.type === "image" ? [{ type: "image", source: imageSource(p.url) }] : p.text ? [{ type: "text", text: p.text }] : []));
}

const asBlocks = (content: string | ContentBlock[]): ContentBlock[] => (typeof content !== "string" ? content : content ? [{ type: "text", text: content }] : []);

type Turn = { role: "user" | "assistant"; content: string | Block[] };
type Ephemeral = { type: "ephemeral" };
const EPHEMERAL: Ephemeral = { type: "ephemeral" };

/**
 * The cache breakpoints a client's prompt caching asks for, where coding agents put them: the end
 * of the system prompt, of the tools and of the latest turn (the API caches the prefix up to each).
 */
function withBreakpoints(body: MessagesBody): MessagesBody {
  const last = body.messages.at(-1);
  if (last) {
    const content = asBlocks(last.content as string | ContentBlock[]) as Block[];
    const end = content.at(-1);
    if (end) content[content.length - 1] = { ...end, cache_control: EPHEMERAL } as unknown as Block;
    last.content = content;
  }
  const tools = body.tools?.length ? { tools: body.tools.map((tool, i, all) => (i === all.length - 1 ? { ...tool, cache_control: EPHEMERAL } : tool)) } : {};
  const system = typeof body.system === "string" ? { system: [{ type: "text" as const, text: body.system, cache_control: EPHEMERAL }] } : {};
  return { ...body, ...tools, ...system };
}

/** The conversation as turns: results of consecutive calls go back together, in one user turn. */
function turns(messages: ChatMessage[]): Turn[] {
  const out: Turn[] = [];
  for (const m of messages) {
    if (m.role === "system") continue;
    if (m.role === "tool") {
      const result: ToolResultBlock = { type: "tool_result", tool_use_id: m.toolCallId ?? "", content: blocks(m.content) };
      const previous = out.at(-1);
      if (previous?.role === "user" && Array.isArray(previous.content) && previous.content.every((b) => b.type === "tool_result")) previous.content.push(result);
      else out.push({ role: "user", content: [result] });
    } else if (m.role === "assistant" && m.toolCalls?.length) {
      out.push({ role: "assistant", content: [...asBlocks(blocks(m.content)), ...m.toolCalls.map(toolUseBlock)] });
    } else {
      out.push({ role: m.role, content: blocks(m.content) });
    }
  }
  return out;
}

export type MessagesBody = ToolFields & {
  model: string;
  max_tokens: number;
  messages: Turn[];
  system?: string | (ContentBlock & { cache_control?: Ephemeral })[];
  stop_sequences?: string[];
  stream: true;
  temperature?: number;
  top_p?: number;
};

/**
 * The body, and the whitespace cut off the end of a prefill: the API refuses an assistant
 * message ending in white space, so it is sent trimmed and the caller drops the white space the
 * continuation starts with (the client already has it).
 */
export function messagesBody(request: UpstreamRequest): { body: MessagesBody; trimmed: string } {
  const system = request.messages.filter((m) => m.role === "system").map((m) => textOf(m.content)).filter(Boolean);
  // No JSON mode in this API: the instruction asks for it, the core checks the answer. A response
  // schema goes as the answer tool instead (anthropic-tools.ts).
  if (request.json && !answerToolName(request)) system.push(JSON_INSTRUCTION);
  // The API refuses a stop sequence of white space only; the core still enforces every one.
  const stops = request.stop?.filter((s) => s.trim() !== "") ?? [];
  const messages = turns(request.messages);
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
    // Recent models refuse temperature and top_p together; the temperature wins. The penalties
    // and logit_bias have no counterpart in this API.
    ...(request.sampling?.topP === undefined || request.temperature !== undefined ? {} : { top_p: request.sampling.topP }),
    ...toolFields(request),
  };
  return { body: request.promptCache ? withBreakpoints(body) : body, trimmed };
}
