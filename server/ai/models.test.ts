// The OpenAI-style model objects: a context length every engine of the product takes.
import { describe, expect, it } from "vitest";
import { productIds, products } from "../vocab/products";
import { families } from "./families";
import { contextLength } from "./models";

describe("contextLength", () => {
  it("is the smallest context window of the product's routes, at most its max_input_tokens", () => {
    for (const id of productIds) {
      const length = contextLength(id);
      expect(length).toBeGreaterThan(0);
      expect(length).toBeLessThanOrEqual(products[id].maxInputTokens);
      const steps = Object.values(families().routes[id] ?? {}).flatMap((rules) => (rules ?? []).flatMap((rule) => rule.chain));
      for (const step of steps) {
        const [family, tier] = step.split("/");
        expect(families().families.find((f) => f.id === family)!.models[tier].context_window).toBeGreaterThanOrEqual(length);
      }
    }
  });
});
