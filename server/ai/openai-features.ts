// What the OpenAI door does with OpenAI's request fields (/docs, AI API): the product a `model`
// names, the conversation and `stop` / `response_format` / tools / `seed` / sampling for the
// generation, features not served refused by name (never silently dropped), and errors spoken in
// the door's own field names (`model`, `max_tokens`) rather than the native ones.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { describeJsonFault, jsonFault } from "../wire/json-fault";
import { AppError } from "../errors";
import type { ChatCompletionRequest } from "./openai-schema";
import type { GenerationInput } from "./schema";
import { modelObject } from "./models";
import { inTermsOf } from "./param-terms";
import type { Sampling } from "./providers/types";
import { isProductId, productIds, type ProductId } from "../vocab/products";

/** `scholar` or `switchyard/scholar`; anything else is an unknown product, named by `model`. */
export function productOfModel(model: string): ProductId {
  const product = model.replace(/^switchyard\//, "");
  if (isProductId(product)) return product;
  throw new AppError(
    "unknown_product",
    `Unknown model ${quoted(model)}: \`model\` names a product, one of ${productIds.join(", ")} (or switchyard/<product>). GET /api/public/v1/openai/models lists them.`,
    { param: "model" },
  );
}

const notYet = (param: string, what: string, instead: string) =>
  new AppError("invalid_body", `\`${param}\` is not supported yet: ${what}. ${instead}`, { param });

const asksForNothing = (value: unknown) => value === undefined || value === null || value === "none" || (Array.isArray(value) && value.length === 0);

/** Refuses each feature the door does not serve; a value that asks for nothing (`false`, `[]`, `"none"`) is fine. */
export function refuseUnsupported(chat: ChatCompletionRequest): void {
  if (!asksForNothing(chat.functions)) throw notYet("functions", "`functions` is the deprecated form of `tools`", "Send the same functions as `tools` (`{type: \"function\", function: {...}}`).");
  if (!asksForNothing(chat.function_call)) throw notYet("function_call", "`function_call` is the deprecated form of `tool_choice`", "Send `tool_choice` instead.");
  if (chat.logprobs) throw notYet("logprobs", "answers carry no token probabilities", "Remove it or send `false`.");
  if (chat.top_logprobs) throw notYet("top_logprobs", "answers carry no token probabilities", "Remove it or send 0.");
  if (chat.n != null && chat.n > 1) throw notYet("n", "an answer has one choice", "Send `n: 1` (or leave it out) and make one request per choice.");
  if (chat.store) throw notYet("store", "answers are not stored for later retrieval", "Remove it or send `false`.");
  if (chat.modalities?.includes("audio")) throw notYet("modalities", "answers are text only", "Send `[\"text\"]` or leave it out.");
  if (chat.audio != null) throw notYet("audio", "answers are text only", "Remove it.");
}

/** The OpenAI fields that shape the answer (both OpenAI doors send them; all optional). */
export type AnswerFields = Pick<
  ChatCompletionRequest,
  "stop" | "seed" | "top_p" | "presence_penalty" | "frequency_penalty" | "logit_bias" | "response_format" | "tools" | "tool_choice" | "parallel_tool_calls"
>;

/** The generation's `stop`, `seed` and sampling fields, from OpenAI's fields (the response format and tools keep their shape). */
export function answerOptions(chat: AnswerFields): Pick<GenerationInput, "stop" | "seed" | "sampling" | "response_format" | "tools" | "tool_choice" | "parallel_tool_calls"> {
  const stop = chat.stop == null ? [] : typeof chat.stop === "string" ? [chat.stop] : chat.stop;
  const sampling: Sampling = {
    ...(chat.top_p == null ? {} : { topP: chat.top_p }),
    ...(chat.presence_penalty == null ? {} : { presencePenalty: chat.presence_penalty }),
    ...(chat.frequency_penalty == null ? {} : { frequencyPenalty: chat.frequency_penalty }),
    ...(chat.logit_bias == null ? {} : { logitBias: chat.logit_bias }),
  };
  return {
    ...(stop.length ? { stop } : {}),
    ...(chat.seed == null ? {} : { seed: chat.seed }),
    ...(Object.keys(sampling).length ? { sampling } : {}),
    ...(chat.response_format && chat.response_format.type !== "text" ? { response_format: chat.response_format } : {}),
    ...(chat.tools?.length ? { tools: chat.tools } : {}),
    ...(chat.tool_choice == null ? {} : { tool_choice: chat.tool_choice }),
    ...(chat.parallel_tool_calls == null ? {} : { parallel_tool_calls: chat.parallel_tool_calls }),
  };
}

/**
 * A turn of OpenAI's conversation as the native API writes it: `developer` is a system turn, a
 * call's arguments an object (JSON text that is not one is refused, naming the field).
 */
export function nativeTurn(message: ChatCompletionRequest["messages"][number], index: number): NonNullable<GenerationInput["messages"]>[number] {
  const content =
    message.content == null || typeof message.content === "string"
      ? message.content
      : message.content.map((p) => (p.type === "text" ? p : { type: "image" as const, url: p.image_url.url }));
  return {
    role: message.role === "developer" ? "system" : message.role,
    ...(content == null ? {} : { content }),
    ...(message.tool_calls ? { tool_calls: message.tool_calls.map((call, j) => ({ id: call.id, name: call.function.name, arguments: argumentsObject(call.function.arguments, `messages.${index}.tool_calls.${j}.function.arguments`) })) } : {}),
    ...(message.tool_call_id ? { tool_call_id: message.tool_call_id } : {}),
  };
}

/** A call's `arguments` (JSON text) as the object the native API takes; anything else is refused, naming `param`. */
export function argumentsObject(text: string, param: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  const fault = value === undefined ? jsonFault(text) : null;
  const where = fault ? ` (it is not JSON: ${describeJsonFault(fault)})` : "";
  throw new AppError("invalid_body", `\`${param}\` must be a JSON object as text, like the calls in answers${where}.`, { param });
}

/** An error of the generation in this door's terms: the product is `model`, the output limit the field sent. */
export function inDoorTerms(error: unknown, chat: ChatCompletionRequest): unknown {
  const outputLimit = chat.max_completion_tokens != null ? "max_completion_tokens" : "max_tokens";
  return inTermsOf(error, [
    [/^product$/, "model"],
    [/^max_output_tokens$/, outputLimit],
  ]);
}

/** GET /models/{id}: a product by id (or switchyard/<product>); anything else is a 404 naming `model`. */
export function modelById(pathId: string) {
  let id = pathId;
  try {
    id = decodeURIComponent(pathId); // SDKs encode the slash of switchyard/<product>
  } catch {
    // not percent-encoding: taken as it is
  }
  const product = id.replace(/^switchyard\//, "");
  if (!isProductId(product)) {
    throw new AppError("not_found", `No model ${quoted(id)}. Models are the products: ${productIds.join(", ")}; GET /api/public/v1/openai/models lists them.`, {
      param: "model",
    });
  }
  return modelObject(product);
}
