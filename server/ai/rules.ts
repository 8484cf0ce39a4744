// Which product may serve which request (API.md §2 refusals), and the request's messages in one
// shape. Pure functions: no I/O.
import { AppError } from "../errors";
import { isProductId, productIds, products, type Endpoint, type ProductId } from "./products";
import type { ChatMessage } from "./providers/types";
import type { GenerationRequest } from "./schema";

export const defaultProduct: Record<Endpoint, ProductId> = { completions: "scholar", code: "scholar", review: "sentinel" };

const notAllowed = (message: string, suggested: ProductId) =>
  new AppError("product_not_allowed", message, { param: "product", suggested_product: suggested });

export function chooseProduct(endpoint: Endpoint, requested: string | undefined, hasImages: boolean): ProductId {
  const product = requested ?? defaultProduct[endpoint];
  if (!isProductId(product)) {
    throw new AppError("unknown_product", `Unknown product "${product}". Products are: ${productIds.join(", ")}.`, { param: "product" });
  }
  if (endpoint === "code" && product === "fire") throw notAllowed("fire does not write code; use scholar.", "scholar");
  if (endpoint === "code" && product === "sentinel") {
    throw notAllowed("sentinel reviews rather than writes code; use the review endpoint with sentinel.", "sentinel");
  }
  if (endpoint === "review" && product !== "sentinel") throw notAllowed("Reviews run on sentinel only; use sentinel.", "sentinel");
  if (!products[product].endpoints.includes(endpoint)) throw notAllowed(`${product} does not serve ${endpoint}; use scholar.`, "scholar");
  if (hasImages && product !== "vision") throw notAllowed("Images need the vision product; use vision.", "vision");
  return product;
}

export function toMessages(request: GenerationRequest): ChatMessage[] {
  if (request.prompt !== undefined && request.messages !== undefined) {
    throw new AppError("invalid_body", "Send either `prompt` or `messages`, not both.", { param: "messages" });
  }
  const messages: ChatMessage[] = request.messages ?? (request.prompt !== undefined ? [{ role: "user", content: request.prompt }] : []);
  const meaningful = messages.some((m) =>
    typeof m.content === "string" ? m.content.trim() !== "" : m.content.some((p) => p.type === "image" || p.text.trim() !== ""),
  );
  if (!meaningful) throw new AppError("empty_input", "The input is empty: send a `prompt` or `messages` with some text or an image.");
  return messages;
}

export const hasImages = (messages: ChatMessage[]) =>
  messages.some((m) => typeof m.content !== "string" && m.content.some((p) => p.type === "image"));
