// The Anthropic door's request, mapped onto the generation request the service takes: `system`
// becomes a system turn, each block its native part or turn (a `tool_result` a tool turn, the
// `tool_use` blocks of an assistant turn its calls), the tools and `tool_choice` their native
// forms. What it does not serve is refused by name, never silently dropped. Also the input tokens
// of count_tokens, counted as metering counts them.
import "server-only";
import { AppError } from "../../errors";
import type { CountTokensRequest, ContentBlock, MessagesRequest } from "../anthropic-schema";
import { answerRules } from "../answer-rules";
import { productOfModel } from "../openai-features";
import { inTermsOf } from "../param-terms";
import { products } from "../../vocab/products";
import { chooseProduct, hasImages, inputTooLarge, toMessages } from "../rules";
import type { GenerationInput } from "../schema";
import { countMessageTokensWithin, inputWithTools } from "../tokens";

type Turn = NonNullable<GenerationInput["messages"]>[number];
type Part = { type: "text"; text: string } | { type: "image"; url: string };

const notServed = (param: string, why: string) => new AppError("invalid_body", `\`${param}\` is not supported: ${why}.`, { param });

function refuseUnsupported(body: CountTokensRequest & Partial<MessagesRequest>): void {
  if (body.top_k !== undefined) throw notServed("top_k", "engines differ in how they would take it; use `temperature` or `top_p`");
  const thinking = body.thinking as { type?: unknown } | undefined;
  if (thinking !== undefined && thinking?.type !== "disabled") throw notServed("thinking", "answers carry no thinking blocks; leave it out");
}

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
  const results: Turn[] = [];
  const parts: Part[] = [];
  const calls: NonNullable<Turn["tool_calls"]> = [];
  for (const [j, block] of message.content.entries()) {
    const param = `messages.${i}.content.${j}`;
    if (block.type === "tool_use") {
      if (message.role !== "assistant") throw new AppError("invalid_body", `\`${param}\`: a \`tool_use\` block goes on assistant turns only.`, { param });
      calls.push({ id: block.id, name: block.name, arguments: block.input });
    } else if (block.type === "tool_result") {
      if (message.role !== "user") throw new AppError("invalid_body", `\`${param}\`: a \`tool_result\` block goes on user turns only.`, { param });
      results.push({ role: "tool", tool_call_id: block.tool_use_id, content: resultContent(block) });
    } else {
      parts.push(part(block));
    }
  }
  const rest: Turn[] = parts.length || calls.length ? [{ role: message.role, ...(parts.length ? { content: parts } : {}), ...(calls.length ? { tool_calls: calls } : {}) }] : [];
  return [...results, ...rest];
}

/** The request's input (conversation and tools), as both messages and count_tokens take it. */
function input(body: CountTokensRequest): Pick<GenerationInput, "product" | "messages" | "tools" | "tool_choice" | "parallel_tool_calls"> {
  refuseUnsupported(body);
  const system = body.system === undefined ? [] : [{ role: "system" as const, content: typeof body.system === "string" ? body.system : body.system.map(part) }];
  const choice = body.tool_choice;
  return {
    product: productOfModel(body.model),
    messages: [...system, ...body.messages.flatMap(nativeTurns)],
    ...(body.tools?.length
      ? { tools: body.tools.map((t) => ({ type: "function" as const, function: { name: t.name, description: t.description, parameters: t.input_schema, ...(t.strict ? { strict: true } : {}) } })) }
      : {}),
    ...(choice === undefined
      ? {}
      : { tool_choice: choice.type === "any" ? "required" : choice.type === "tool" ? { type: "function" as const, function: { name: choice.name } } : choice.type }),
    ...(choice && choice.type !== "none" && choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {}),
  };
}

export function toGenerationRequest(body: MessagesRequest): GenerationInput {
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
  };
}

/**
 * count_tokens: the input tokens a generation of this request would be metered for, counted the
 * way a generation counts them (a slice at a time, stopping at the product's limit: a 1 MiB body
 * never freezes the server); over the limit is the generation's own 413.
 */
export async function inputTokensOf(body: CountTokensRequest): Promise<number> {
  const request: GenerationInput = { ...input(body), stream: false, risk: 0 };
  try {
    const messages = toMessages(request);
    const product = chooseProduct("completions", request.product, hasImages(messages));
    const { answer } = answerRules(request);
    const tokens = await countMessageTokensWithin(inputWithTools(messages, answer.tools?.tools), products[product].maxInputTokens);
    if (tokens === null) throw inputTooLarge("completions", product);
    return tokens;
  } catch (error) {
    throw inAnthropicTerms(error);
  }
}

/**
 * A refusal of the generation in this door's field names: the product is `model`, the output limit
 * `max_tokens`, a tool's parameters its `input_schema`, and a fault in the conversation `messages`
 * (its turns are not the native turns one for one: `system` and tool results move).
 */
export const inAnthropicTerms = (error: unknown) =>
  inTermsOf(error, [
    [/^product$/, "model"],
    [/^max_output_tokens$/, "max_tokens"],
    [/^tools\.(\d+)\.function\.parameters/, "tools.$1.input_schema"],
    [/^tools\.(\d+)\.function\./, "tools.$1."],
    [/^messages(\..*)?$/, "messages"],
  ]);
