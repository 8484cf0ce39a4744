// The public product list with live rates (read from the database on every call).
import "server-only";
import { allRates, rateView } from "../billing/rates";
import { productIds, products } from "../vocab/products";

export async function productCatalog() {
  const rates = await allRates();
  return {
    object: "list" as const,
    data: productIds.map((id) => {
      const product = products[id];
      const rate = rates.get(id);
      return {
        id,
        description: product.description,
        endpoints: product.endpoints,
        rates: rate ? rateView(rate) : null,
        limits: { max_input_tokens: product.maxInputTokens, max_output_tokens: product.maxOutputTokens },
      };
    }),
  };
}
