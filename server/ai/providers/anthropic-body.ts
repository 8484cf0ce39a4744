// The request body of the Anthropic Messages API: system messages move to `system`, image parts
// become URL or base64 sources, calls become tool_use blocks and their results tool_result blocks
// in a user turn, and a prefill is a trailing assistant message. Thinking asked for goes as the
// API's `thinking`; an assistant turn's thinking blocks go back first in it, those this family wrote.
import "server-only";
import { JSON_INSTRUCTION } from "../json-answer";
import { openThinking } from "../thinking";
import { answerToolName, toolFields, toolUseBlock, type ToolFields, type ToolUseBlock } from "./anthropic-tools";
import { continuationInstruction, textOf } from "./request-parts";
import type { ChatMessage, ContentPart, ThinkingBlock, UpstreamRequest } from "./types";

type ContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "url"; url: string } | { type: "base64"; media_type: string; data: string } };
type ToolResultBlock = { type: "tool_result"; tool_use_id: string; content: string | ContentBlock[] };
type ThinkingContent = { type: "thinking"; thinking: string; signature: string } | { type: "redacted_thinking"; data: string };
type Block = ContentBlock | ToolUseBlock | ToolResultBlock | ThinkingContent;

const thinkingContent = (block: ThinkingBlock): ThinkingContent =>
  "redacted" in block ? { type: "redacted_thinking", data: block.redacted } : { type: "thinking", thinking: block.thinking, signature: block.signature };

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

/**
 * The conversation as turns: results of consecutive calls go back together, in one user turn; an
 * assistant turn starts with the thinking blocks `family` wrote for it (the API wants them first).
 */
function turns(messages: ChatMessage[], family: string): Turn[] {
  const out: Turn[] = [];
  for (const m of messages) {
    const thinking = m.role === "assistant" ? (m.thinking ?? []).flatMap((block) => [openThinking(family, block)].filter((b) => b !== undefined).map(thinkingContent)) : [];
    if (thinking.length) {
      out.push({ role: "assistant", content: [...thinking, ...asBlocks(blocks(m.content)), ...(m.toolCalls ?? []).map(toolUseBlock)] });
      continue;
    }
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
  thinking?: { type: "enabled"; budget_tokens: number } | { type: "adaptive" };
};

/**
 * The API wants the latest assistant turn with calls to start with its thinking when thinking is
 * on: calls whose thinking was another family's (or none) mean answering without thinking.
 */
function unthoughtCalls(messages: Turn[]): boolean {
  const last = messages.findLast((m) => m.role === "assistant");
  if (!last || typeof last.content === "string" || !last.content.some((b) => b.type === "tool_use")) return false;
  const first = last.content[0]?.type;
  return first !== "thinking" && first !== "redacted_thinking";
}

/** The smallest thinking budget the API takes; it must also stay below `max_tokens`. */
const LEAST_BUDGET = 1024;

/** The API's `thinking`, when asked and possible within the output limit. */
function thinkingOf(request: UpstreamRequest): MessagesBody["thinking"] {
  if (!request.thinking) return undefined;
  const { budgetTokens } = request.thinking;
  if (budgetTokens === undefined) return { type: "adaptive" };
  const budget = Math.min(Math.max(budgetTokens, LEAST_BUDGET), request.maxOutputTokens - 1);
  return budget >= LEAST_BUDGET ? { type: "enabled", budget_tokens: budget } : undefined;
}

/**
 * The body, and the whitespace cut off the end of a prefill: the API refuses an assistant
 * message ending in white space, so it is sent trimmed and the caller drops the white space the
 * continuation starts with (the client already has it).
 */
export function messagesBody(request: UpstreamRequest, family: string): { body: MessagesBody; trimmed: string } {
  const system = request.messages.filter((m) => m.role === "system").map((m) => textOf(m.content)).filter(Boolean);
  // No JSON mode in this API: the instruction asks for it, the core checks the answer. A response
  // schema goes as the answer tool instead (anthropic-tools.ts).
  if (request.json && !answerToolName(request)) system.push(JSON_INSTRUCTION);
  // The API refuses a stop sequence of white space only; the core still enforces every one.
  const stops = request.stop?.filter((s) => s.trim() !== "") ?? [];
  const messages = turns(request.messages, family);
  const tools = toolFields(request);
  // A thinking engine takes no prefill, no forced tool use (any, one tool, the answer tool) and no
  // sampling settings of its own: thinking gives way to the first two.
  const forced = tools.tool_choice?.type === "any" || tools.tool_choice?.type === "tool";
  const thinking = request.continuation?.mode === "prefill" || forced || unthoughtCalls(messages) ? undefined : thinkingOf(request);
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
    ...(request.temperature === undefined || thinking ? {} : { temperature: Math.min(1, request.temperature) }),
    // Recent models refuse temperature and top_p together; the temperature wins. The penalties
    // and logit_bias have no counterpart in this API.
    ...(request.sampling?.topP === undefined || request.temperature !== undefined || thinking ? {} : { top_p: request.sampling.topP }),
    ...tools,
    ...(thinking ? { thinking } : {}),
  };
  return { body: request.promptCache ? withBreakpoints(body) : body, trimmed };
}
