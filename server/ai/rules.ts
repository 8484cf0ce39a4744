// Which product may serve which request (refused with a 400 before any engine is asked), and the
// request's messages in one shape. Pure functions: no I/O.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { AppError } from "../errors";
import type { Endpoint } from "../vocab/endpoints";
import { isProductId, productIds, products, type ProductId } from "../vocab/products";
import type { ChatMessage } from "./providers/types";
import type { GenerationInput } from "./schema";

export const defaultProduct: Record<Endpoint, ProductId> = { completions: "scholar", code: "scholar", review: "sentinel" };

const ENDPOINT_PATH: Record<Endpoint, string> = {
  completions: "POST /api/public/v1/ai/completions",
  code: "POST /api/public/v1/ai/code",
  review: "POST /api/public/v1/ai/review",
};

// A refusal's `suggested_product` is always a product this endpoint accepts, the one its message
// advises first: a client that follows the field on the same endpoint is served (images on the
// review endpoint excepted: sentinel reads none, and the message says where to send them).
const suggestionFor = (endpoint: Endpoint, hasImages: boolean): ProductId =>
  endpoint === "review" ? "sentinel" : hasImages ? "vision" : defaultProduct[endpoint];

const notAllowed = (message: string, suggested: ProductId) =>
  new AppError("product_not_allowed", message, { param: "product", suggested_product: suggested });

/** `scholar` or `switchyard/scholar` (the OpenAI door's spelling, accepted on every door). */
export const productName = (requested: string) => requested.replace(/^switchyard\//, "");

export function chooseProduct(endpoint: Endpoint, requested: string | undefined, hasImages: boolean): ProductId {
  const product = productName(requested ?? defaultProduct[endpoint]);
  if (!isProductId(product)) {
    throw new AppError("unknown_product", `Unknown product ${quoted(requested)}. Products are: ${productIds.join(", ")} (also as \`switchyard/<product>\`).`, { param: "product" });
  }
  const suggested = suggestionFor(endpoint, hasImages);
  const refuse = (message: string) => notAllowed(message, suggested);
  if (endpoint === "review" && hasImages) {
    throw refuse(`Reviews run on ${suggested}, which does not read images: use ${suggested} with the image described in text, or send images to ${ENDPOINT_PATH.completions} with product vision.`);
  }
  if (endpoint === "review" && product !== "sentinel") throw refuse(`Reviews run on ${suggested} only; use ${suggested}.`);
  if (endpoint === "code" && product === "sentinel" && !hasImages) {
    throw refuse(`sentinel reviews rather than writes code: use ${suggested} here, or send this request to ${ENDPOINT_PATH.review} (product sentinel).`);
  }
  if (hasImages && product !== "vision") throw refuse(`Images need the ${suggested} product; use ${suggested}.`);
  if (!products[product].endpoints.includes(endpoint)) throw refuse(`${product} does not serve ${ENDPOINT_PATH[endpoint]}; use ${suggested}.`);
  return product;
}

/** Over the product's `max_input_tokens`: names the products of this endpoint that take more. */
export function inputTooLarge(endpoint: Endpoint, product: ProductId): AppError {
  const limit = products[product].maxInputTokens;
  const larger = productIds.filter((id) => products[id].endpoints.includes(endpoint) && products[id].maxInputTokens > limit);
  const instead = larger.length
    ? `shorten it, or use a product with a larger context: ${larger.map((id) => `${id} (${products[id].maxInputTokens} tokens)`).join(", ")}.`
    : "shorten it or split it over several requests.";
  return new AppError("input_too_large", `The input is over ${limit} tokens, the most ${product} accepts; ${instead}`, { limit });
}

export function toMessages(request: GenerationInput): ChatMessage[] {
  if (request.prompt !== undefined && request.messages !== undefined) {
    throw new AppError("invalid_body", "Send either `prompt` or `messages`, not both.", { param: "messages" });
  }
  const messages: ChatMessage[] = request.messages?.map(toChatMessage) ?? (request.prompt !== undefined ? [{ role: "user", content: request.prompt }] : []);
  const meaningful = messages.some((m) =>
    typeof m.content === "string" ? m.content.trim() !== "" : m.content.some((p) => p.type === "image" || p.text.trim() !== ""),
  );
  if (!meaningful) throw new AppError("empty_input", "The input is empty: send a `prompt` or `messages` with some text or an image.");
  return messages;
}

/** A turn of the native request in the engines' terms (a call's arguments as JSON text). */
function toChatMessage(message: NonNullable<GenerationInput["messages"]>[number]): ChatMessage {
  return {
    role: message.role,
    content: message.content ?? "",
    ...(message.tool_calls?.length ? { toolCalls: message.tool_calls.map((c) => ({ id: c.id, name: c.name, arguments: JSON.stringify(c.arguments) })) } : {}),
    ...(message.tool_call_id ? { toolCallId: message.tool_call_id } : {}),
    ...(message.thinking?.length ? { thinking: message.thinking } : {}),
  };
}

export const hasImages = (messages: ChatMessage[]) =>
  messages.some((m) => typeof m.content !== "string" && m.content.some((p) => p.type === "image"));
