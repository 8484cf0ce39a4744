// The Anthropic door's request, mapped onto the generation request the service takes: `system`
// (and a `system` turn inside `messages`) becomes a system turn, each block its native part or turn
// (a `tool_result` a tool turn, the `tool_use` blocks of an assistant turn its calls, its `thinking`
// blocks the turn's thinking, sealed as the client got them), `thinking` the engines' thinking, the
// client tools and `tool_choice` their native forms, `output_config.format`
// the native response format. What each field becomes is its row in field-policy.ts. Also the input
// tokens of count_tokens, counted as metering counts them.
import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "../../errors";
import type { CountTokensRequest, ContentBlock, MessagesRequest } from "../anthropic-schema";
import { productOfModel } from "../openai-features";
import { inTermsOf } from "../param-terms";
import type { ThinkingBlock } from "../providers/types";
import type { GenerationInput } from "../schema";
import { countInputTokens } from "./input-tokens";

type Turn = NonNullable<GenerationInput["messages"]>[number];
/** Anthropic's thinking request as the engines take it (none for `disabled`). */
const thinkingOf = (thinking: MessagesRequest["thinking"]): GenerationInput["thinking"] =>
  thinking?.type === "enabled" ? { budgetTokens: thinking.budget_tokens } : thinking?.type === "adaptive" ? {} : undefined;
type Part = { type: "text"; text: string } | { type: "image"; url: string };

/** An unknown model is Anthropic's 404 `not_found_error`, as both vendors answer it. */
function productOf(model: string) {
  try {
    return productOfModel(model);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError("not_found", error.message, { param: "model" });
  }
}

type AnthropicTool = NonNullable<MessagesRequest["tools"]>[number];
type ClientTool = Extract<AnthropicTool, { input_schema: unknown }>;

/** A client tool (no type, or `custom`); the others are tools Anthropic runs on its side. */
const isClientTool = (tool: AnthropicTool): tool is ClientTool => "input_schema" in tool && (tool.type == null || tool.type === "custom");

/** The names of the tools Anthropic runs itself that the request offered: not offered to the engine. */
export const serverToolsOf = (body: Pick<MessagesRequest, "tools">): string[] => (body.tools ?? []).filter((t) => !isClientTool(t)).map((t) => `tools.${t.name}`);

function part(block: Extract<ContentBlock, { type: "text" | "image" }>): Part {
  if (block.type === "text") return { type: "text", text: block.text };
  const { source } = block;
  return { type: "image", url: source.type === "url" ? source.url : `data:${source.media_type};base64,${source.data}` };
}

const resultContent = (block: Extract<ContentBlock, { type: "tool_result" }>): string | Part[] => {
  const content = typeof block.content === "string" ? block.content : (block.content ?? []).map(part);
  if (!block.is_error) return content;
  return typeof content === "string" ? `Error: ${content}` : [{ type: "text", text: "Error:" }, ...content];
};

/** One Anthropic turn as native turns: its tool results first (each a tool turn), then the rest. */
function nativeTurns(message: MessagesRequest["messages"][number], i: number): Turn[] {
  if (typeof message.content === "string") return [{ role: message.role, content: message.content }];
  if (message.role === "system") {
    const text = message.content.flatMap((block) => (block.type === "text" ? [part(block)] : []));
    return text.length ? [{ role: "system", content: text }] : [];
  }
  const results: Turn[] = [];
  const parts: Part[] = [];
  const calls: NonNullable<Turn["tool_calls"]> = [];
  const thinking: ThinkingBlock[] = [];
  for (const [j, block] of message.content.entries()) {
    const param = `messages.${i}.content.${j}`;
    if (block.type === "tool_use") {
      if (message.role !== "assistant") throw new AppError("invalid_body", `\`${param}\`: a \`tool_use\` block goes on assistant turns only.`, { param });
      calls.push({ id: block.id, name: block.name, arguments: block.input });
    } else if (block.type === "tool_result") {
      if (message.role !== "user") throw new AppError("invalid_body", `\`${param}\`: a \`tool_result\` block goes on user turns only.`, { param });
      results.push({ role: "tool", tool_call_id: block.tool_use_id, content: resultContent(block) });
    } else if (block.type === "text" || block.type === "image") {
      parts.push(part(block));
    } else if (message.role === "assistant" && block.type === "thinking" && block.signature) {
      thinking.push({ thinking: block.thinking ?? "", signature: block.signature });
    } else if (message.role === "assistant" && block.type === "redacted_thinking" && block.data) {
      thinking.push({ redacted: block.data });
    }
  }
  const rest: Turn[] =
    parts.length || calls.length
      ? [{ role: message.role, ...(parts.length ? { content: parts } : {}), ...(calls.length ? { tool_calls: calls } : {}), ...(thinking.length ? { thinking } : {}) }]
      : [];
  return [...results, ...rest];
}

/** The request's input (conversation and tools), as both messages and count_tokens take it. */
function input(body: CountTokensRequest): Pick<GenerationInput, "product" | "messages" | "tools" | "tool_choice" | "parallel_tool_calls" | "response_format"> {
  const tools = (body.tools ?? []).filter(isClientTool);
  const format = body.output_config?.format ?? body.output_format;
  const system = body.system === undefined ? [] : [{ role: "system" as const, content: typeof body.system === "string" ? body.system : body.system.map(part) }];
  const choice = body.tool_choice;
  return {
    product: productOf(body.model),
    messages: [...system, ...body.messages.flatMap(nativeTurns)],
    ...(format ? { response_format: { type: "json_schema" as const, json_schema: { name: "answer", schema: format.schema, strict: true } } } : {}),
    ...(tools.length
      ? { tools: tools.map((t) => ({ type: "function" as const, function: { name: t.name, description: t.description, parameters: t.input_schema, ...(t.strict ? { strict: true } : {}) } })) }
      : {}),
    ...(choice === undefined
      ? {}
      : { tool_choice: choice.type === "any" ? "required" : choice.type === "tool" ? { type: "function" as const, function: { name: choice.name } } : choice.type }),
    ...(choice && choice.type !== "none" && choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {}),
  };
}

const marked = (blocks: unknown) => Array.isArray(blocks) && blocks.some((b) => (b as { cache_control?: unknown })?.cache_control != null);

/**
 * A request with cache breakpoints (`cache_control` anywhere) asks for its prompt to be cached:
 * the key is the prefix that stays the same over a conversation (the system prompt and the tools),
 * so OpenAI-format engines keep it under one key; Anthropic-format engines get breakpoints.
 */
function promptCacheKey(body: MessagesRequest): string | undefined {
  if (!marked(body.system) && !marked(body.tools) && !body.messages.some((m) => marked(m.content))) return undefined;
  const system = typeof body.system === "string" ? body.system : (body.system ?? []).map((b) => b.text).join("\n");
  return `cc-${createHash("sha256").update(system).update("\0").update((body.tools ?? []).map((t) => t.name).join(",")).digest("hex").slice(0, 32)}`;
}

export function toGenerationRequest(body: MessagesRequest): GenerationInput {
  const cacheKey = promptCacheKey(body);
  const metadata = Object.fromEntries(Object.entries(body.metadata ?? {}).filter((pair): pair is [string, string] => pair[1] !== null));
  return {
    ...input(body),
    stream: body.stream,
    risk: 0.3,
    max_output_tokens: body.max_tokens,
    temperature: body.temperature,
    ...(Object.keys(metadata).length ? { metadata } : {}),
    ...(body.stop_sequences?.length ? { stop: body.stop_sequences } : {}),
    ...(body.top_p === undefined ? {} : { sampling: { topP: body.top_p } }),
    ...(cacheKey ? { prompt_cache_key: cacheKey } : {}),
    ...(thinkingOf(body.thinking) ? { thinking: thinkingOf(body.thinking) } : {}),
  };
}

/** count_tokens: the input tokens a generation of this request would be metered for (input-tokens.ts). */
export const inputTokensOf = (body: CountTokensRequest): Promise<number> =>
  countInputTokens({ ...input(body), stream: false, risk: 0 }).catch((error: unknown) => {
    throw inAnthropicTerms(error);
  });

/**
 * A refusal of the generation in this door's field names: the product is `model`, the output limit
 * `max_tokens`, a tool's parameters its `input_schema`, and a fault in the conversation `messages`
 * (its turns are not the native turns one for one: `system` and tool results move).
 */
export const inAnthropicTerms = (error: unknown) =>
  inTermsOf(error, [
    [/^product$/, "model"],
    [/^max_output_tokens$/, "max_tokens"],
    [/^response_format(\.json_schema)?/, "output_config.format"],
    [/^tools\.(\d+)\.function\.parameters/, "tools.$1.input_schema"],
    [/^tools\.(\d+)\.function\./, "tools.$1."],
    [/^messages(\..*)?$/, "messages"],
  ]);
