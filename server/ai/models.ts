// The products as OpenAI-style model objects (GET /api/public/v1/openai/models): a fixed creation
// time (the product's launch day), the context length every engine of the product takes, and the
// prices from the live rates, in credits per 1k tokens.
import "server-only";
import { allRates } from "../billing/rates";
import { productIds, products, type ProductId } from "../vocab/products";
import { families } from "./families";

/**
 * The input tokens every engine the product may route to takes: the smallest context window of
 * the models in its routes, at most the product's `max_input_tokens`.
 */
export function contextLength(id: ProductId): number {
  const file = families();
  const windows = Object.values(file.routes[id] ?? {}).flatMap((rules) =>
    (rules ?? []).flatMap((rule) =>
      rule.chain.map((step) => {
        const [family, tier] = step.split("/");
        return file.families.find((f) => f.id === family)!.models[tier].context_window;
      }),
    ),
  );
  return Math.min(products[id].maxInputTokens, ...windows);
}

/** µcr per million tokens as credits per 1k tokens. */
const per1k = (microPerMillion: bigint) => Number((Number(microPerMillion) / 1e9).toFixed(9));

async function pricing(id: ProductId) {
  const rate = (await allRates()).get(id);
  return rate ? { input_per_1k_tokens: per1k(rate.inputPerMillion), output_per_1k_tokens: per1k(rate.outputPerMillion) } : null;
}

/** A product as OpenAI's model object, with what a client picks a model by. */
export async function modelObject(id: ProductId) {
  return {
    id,
    object: "model" as const,
    created: Date.parse(`${products[id].launchedOn}T00:00:00Z`) / 1000,
    owned_by: "switchyard" as const,
    context_length: contextLength(id),
    pricing: await pricing(id),
  };
}

export const modelObjects = () => Promise.all(productIds.map(modelObject));

