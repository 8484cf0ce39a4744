// What the OpenAI door does with OpenAI's request fields beyond the conversation (/docs, AI API): the
// product a `model` names, `stop` / `response_format` / `seed` for the generation, features not
// served yet refused by name (never silently dropped), and errors spoken in the door's own field
// names (`model`, `max_tokens`) rather than the native ones.
import { AppError } from "../errors";
import type { ChatCompletionRequest } from "./openai-schema";
import type { GenerationInput } from "./generate";
import { isProductId, productIds, type ProductId } from "../vocab/products";

/** `scholar` or `switchyard/scholar`; anything else is an unknown product, named by `model`. */
export function productOfModel(model: string): ProductId {
  const product = model.replace(/^switchyard\//, "");
  if (isProductId(product)) return product;
  throw new AppError(
    "unknown_product",
    `Unknown model "${model}": \`model\` names a product, one of ${productIds.join(", ")} (or switchyard/<product>). GET /api/public/v1/openai/models lists them.`,
    { param: "model" },
  );
}

const notYet = (param: string, what: string, instead: string) =>
  new AppError("invalid_body", `\`${param}\` is not supported yet: ${what}. ${instead}`, { param });

const asksForNothing = (value: unknown) => value === undefined || value === null || value === "none" || (Array.isArray(value) && value.length === 0);

/** Refuses each feature the door does not serve yet; a value that asks for nothing (`false`, `[]`, `"none"`) is fine. */
export function refuseUnsupported(chat: ChatCompletionRequest): void {
  const toolsInstead = "Remove it and describe what you need in the messages instead.";
  for (const field of ["tools", "tool_choice", "functions", "function_call"] as const) {
    if (!asksForNothing(chat[field])) throw notYet(field, "answers are text only, without tool or function calls", toolsInstead);
  }
  if (chat.logprobs) throw notYet("logprobs", "answers carry no token probabilities", "Remove it or send `false`.");
  if (chat.top_logprobs) throw notYet("top_logprobs", "answers carry no token probabilities", "Remove it or send 0.");
  if (chat.n != null && chat.n > 1) throw notYet("n", "an answer has one choice", "Send `n: 1` (or leave it out) and make one request per choice.");
  if (chat.response_format?.type === "json_schema") {
    throw notYet("response_format", "`json_schema` answers are not checked against a schema", 'Send `{"type": "json_object"}` and describe the schema in the messages.');
  }
}

/** The generation's `stop`, JSON mode and `seed`, from OpenAI's fields. */
export function answerOptions(chat: ChatCompletionRequest): Pick<GenerationInput, "stop" | "json" | "seed"> {
  const stop = chat.stop == null ? [] : typeof chat.stop === "string" ? [chat.stop] : chat.stop;
  return {
    ...(stop.length ? { stop } : {}),
    ...(chat.response_format?.type === "json_object" ? { json: true } : {}),
    ...(chat.seed == null ? {} : { seed: chat.seed }),
  };
}

/** An error of the generation in this door's terms: the product is `model`, the output limit the field sent. */
export function inDoorTerms(error: unknown, chat: ChatCompletionRequest): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.extra.param === "product") return new AppError(error.code, error.message, { ...error.extra, param: "model" });
  if (error.extra.param === "max_output_tokens") {
    const field = chat.max_completion_tokens != null ? "max_completion_tokens" : "max_tokens";
    return new AppError(error.code, error.message.replaceAll("`max_output_tokens`", `\`${field}\``), { ...error.extra, param: field });
  }
  return error;
}

/** A product as OpenAI's model object. */
export const modelObject = (id: ProductId) => ({ id, object: "model" as const, created: 0, owned_by: "switchyard" as const });

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
    throw new AppError("not_found", `No model "${id}". Models are the products: ${productIds.join(", ")}; GET /api/public/v1/openai/models lists them.`, {
      param: "model",
    });
  }
  return modelObject(product);
}
