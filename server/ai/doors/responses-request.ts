// The Responses door's request, mapped onto the generation request (field rules shared with the
// Chat door: server/ai/openai-features.ts; each field's row in field-policy.ts): `instructions` and
// `input` as the conversation (a `reasoning` item's sealed block the thinking of the assistant turn
// it opens), `reasoning` the engines' thinking, function tools (a namespace's flattened)
// and `text.format` in the shapes the generation takes, built-in tools left out and named, and what
// would need state kept here refused by name.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { AppError } from "../../errors";
import { blockOfReasoning } from "../thinking";
import { answerOptions, argumentsObject, productOfModel, type AnswerFields } from "../openai-features";
import type { ResponseInputItem, ResponseRequest } from "../responses-schema";
import type { GenerationInput } from "../schema";

type Turn = NonNullable<GenerationInput["messages"]>[number];
type Part = Exclude<Turn["content"], string | null | undefined>[number];
type ItemContent = Extract<ResponseInputItem, { role: string }>["content"] | Extract<ResponseInputItem, { type: "function_call_output" }>["output"];

const refused = (param: string, message: string) => new AppError("invalid_body", message, { param });

const STATELESS = "This API keeps no state: send the whole conversation in `input`.";
const stateless = (param: string, what: string) => refused(param, `\`${param}\` is not supported: ${what}. ${STATELESS}`);

/** Refuses what the door does not serve; a value that asks for nothing (`false`, `null`, `[]`, `disabled`) is fine. */
export function refuseUnserved(body: ResponseRequest): void {
  if (body.store) throw stateless("store", "responses are never stored (leave `store` out or send `false`)");
  if (body.previous_response_id) throw stateless("previous_response_id", "no earlier response is stored");
  if (body.background) throw stateless("background", "nothing is stored to fetch later (wait for the answer, or stream it)");
  if (body.conversation != null) throw stateless("conversation", "no conversation is stored");
  if (body.prompt != null) throw stateless("prompt", "no prompt template is stored (send its text in `instructions` and `input`)");
  if (body.truncation === "auto") throw refused("truncation", "`truncation: auto` is not supported: an input over the product's limit is refused, never cut. Send `disabled` or leave it out.");
  if (body.top_logprobs) throw refused("top_logprobs", "`top_logprobs` is not supported: answers carry no token probabilities. Remove it or send 0.");
  const choice = body.tool_choice;
  if (typeof choice === "object" && choice !== null && choice.type !== "function") throw builtInTool("tool_choice", choice.type);
}

const builtInTool = (param: string, type: string) =>
  refused(param, `${quoted(type)} is a tool OpenAI runs on its side, which this service does not. Define a \`function\` tool and run it on yours.`);

export function toGenerationRequest(body: ResponseRequest): GenerationInput {
  refuseUnserved(body);
  return {
    product: productOfModel(body.model),
    messages: turnsOf(body),
    stream: body.stream,
    risk: 0.3,
    max_output_tokens: body.max_output_tokens ?? undefined,
    temperature: body.temperature ?? undefined,
    metadata: body.metadata ?? undefined,
    ...(body.prompt_cache_key ? { prompt_cache_key: body.prompt_cache_key } : {}),
    ...(thinkingOf(body.reasoning) ? { thinking: thinkingOf(body.reasoning) } : {}),
    ...answerOptions(chatFields(body)),
  };
}

/** The thinking budget of each reasoning effort (the engine keeps it below the output limit). */
const BUDGETS: Record<string, number> = { minimal: 1024, low: 2048, medium: 8192, high: 16_384, xhigh: 32_000 };

/** `reasoning` as the engines' thinking: on unless `effort` is `none`; an effort not known here thinks at `medium`. */
function thinkingOf(reasoning: ResponseRequest["reasoning"]): GenerationInput["thinking"] {
  if (!reasoning || reasoning.effort === "none") return undefined;
  return { budgetTokens: BUDGETS[reasoning.effort ?? "medium"] ?? BUDGETS.medium };
}

/** The tools, tool choice and format in the Chat door's shapes, which the generation takes. */
/** The functions offered to the engine: `function` tools, and each `namespace` tool's functions. */
const functionsOf = (body: ResponseRequest) =>
  (body.tools ?? []).flatMap((tool) => (tool.type === "function" ? [tool] : tool.type === "namespace" ? tool.tools : []));

/** The built-in tools the request offered, which are not offered to the engine (`tools.web_search`). */
export const builtInToolsOf = (body: ResponseRequest): string[] =>
  (body.tools ?? []).filter((tool) => tool.type !== "function" && tool.type !== "namespace").map((tool) => `tools.${tool.type}`);

function chatFields(body: ResponseRequest): AnswerFields {
  const format = body.text?.format;
  const choice = body.tool_choice;
  return {
    top_p: body.top_p,
    parallel_tool_calls: body.parallel_tool_calls,
    tools: functionsOf(body).map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, description: tool.description ?? undefined, parameters: tool.parameters ?? undefined, strict: tool.strict },
    })),
    tool_choice: typeof choice === "object" && choice?.type === "function" ? { type: "function", function: { name: choice.name } } : (choice as AnswerFields["tool_choice"]),
    response_format:
      format?.type === "json_schema"
        ? { type: "json_schema", json_schema: { name: format.name, description: format.description, schema: format.schema, strict: format.strict } }
        : format,
  };
}

/** `instructions` as a system turn, then `input`: a call joins the assistant turn before it (text, then calls, is one turn). */
function turnsOf(body: ResponseRequest): Turn[] {
  const turns: Turn[] = body.instructions ? [{ role: "system", content: body.instructions }] : [];
  if (typeof body.input === "string") return [...turns, { role: "user", content: body.input }];
  body.input.forEach((item, i) => addItem(turns, item, `input.${i}`));
  // Reasoning that no message or call followed says nothing the engine can take back.
  return turns.filter((turn) => !thinkingOnly(turn));
}

/** An assistant turn a reasoning item opened, which no text or call has joined yet. */
const thinkingOnly = (turn: Turn | undefined) => turn?.role === "assistant" && turn.content === undefined && !turn.tool_calls?.length;

function addItem(turns: Turn[], item: ResponseInputItem, at: string): void {
  switch (item.type) {
    case undefined:
    case "message": {
      const content = contentOf(item.content, `${at}.content`);
      const last = turns.at(-1);
      if (item.role === "assistant" && thinkingOnly(last)) last!.content = content;
      else turns.push({ role: item.role === "developer" ? "system" : item.role, content });
      return;
    }
    case "function_call": {
      const call = { id: item.call_id, name: item.name, arguments: argumentsObject(item.arguments, `${at}.arguments`) };
      const last = turns.at(-1);
      if (last?.role === "assistant") last.tool_calls = [...(last.tool_calls ?? []), call];
      else turns.push({ role: "assistant", tool_calls: [call] });
      return;
    }
    case "function_call_output":
      turns.push({ role: "tool", tool_call_id: item.call_id, content: contentOf(item.output, `${at}.output`) });
      return;
    case "reasoning": {
      // The block goes on the assistant turn it opens (the text and calls after it join that turn).
      const block = item.encrypted_content ? blockOfReasoning(item.encrypted_content) : undefined;
      if (!block) return;
      const last = turns.at(-1);
      if (thinkingOnly(last)) last!.thinking = [...(last!.thinking ?? []), block];
      else turns.push({ role: "assistant", thinking: [block] });
      return;
    }
    default:
      throw refused(`${at}.type`, `${quoted(item.type)} items are not supported: this service writes no such items and keeps no state. Send the whole conversation in \`input\` as messages, \`function_call\` and \`function_call_output\` items.`);
  }
}

function contentOf(content: ItemContent, at: string): string | Part[] {
  if (typeof content === "string") return content;
  return content.map((part, j): Part => {
    const here = `${at}.${j}`;
    switch (part.type) {
      case "input_text":
      case "output_text":
        return { type: "text", text: part.text };
      case "refusal":
        return { type: "text", text: part.refusal };
      case "input_image":
        if (part.file_id) throw refused(`${here}.file_id`, `\`${here}.file_id\` is not supported: no files are stored. Send the image as \`image_url\` (an https:// or data:image/ URL).`);
        if (!part.image_url) throw refused(`${here}.image_url`, `\`${here}.image_url\` is required: an https:// or data:image/ URL.`);
        return { type: "image", url: part.image_url };
      default:
        throw refused(here, `\`input_file\` parts are not supported: no files are stored or read. Send the file's text as \`input_text\`.`);
    }
  });
}
