import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { endpoints, type Endpoint } from "../vocab/endpoints";
import { productIds, products, type ProductId } from "../vocab/products";
import { chooseProduct, inputTooLarge } from "./rules";


function refusal(endpoint: Endpoint, product: string | undefined, images: boolean): AppError | null {
  try {
    chooseProduct(endpoint, product, images);
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe("chooseProduct", () => {
  // `suggested_product` is always a product the same endpoint accepts, and the message names it:
  // a client that follows it on the same endpoint succeeds, unless the input itself cannot be
  // served there (images on the review endpoint, where the message says where to send them).
  for (const endpoint of endpoints) {
    for (const product of [undefined, ...productIds]) {
      for (const images of [false, true]) {
        it(`${endpoint} with ${product ?? "the default"}${images ? " and an image" : ""}: the suggestion serves this endpoint`, () => {
          const error = refusal(endpoint, product, images);
          if (!error) return;
          expect(error.code).toBe("product_not_allowed");
          const suggested = error.extra.suggested_product!;
          expect(error.message).toContain(suggested);
          expect(products[suggested as ProductId].endpoints).toContain(endpoint);
          if (!(endpoint === "review" && images)) expect(refusal(endpoint, suggested, images)).toBeNull();
        });
      }
    }
  }

  it("sentinel on the code endpoint suggests scholar, and names the review endpoint for sentinel", () => {
    const error = refusal("code", "sentinel", false)!;
    expect(error.extra).toMatchObject({ param: "product", suggested_product: "scholar" });
    expect(error.message).toMatch(/^sentinel reviews rather than writes code: use scholar here/);
    expect(error.message).toContain("POST /api/public/v1/ai/review");
  });

  it("images on the review endpoint suggest sentinel (the endpoint's one product) and name vision on completions", () => {
    const error = refusal("review", "sentinel", true)!;
    expect(error.extra.suggested_product).toBe("sentinel");
    expect(error.message).toContain("POST /api/public/v1/ai/completions");
    expect(error.message).toContain("vision");
  });

  it("accepts switchyard/<product> and answers with the product id", () => {
    expect(chooseProduct("completions", "switchyard/fire", false)).toBe("fire");
    expect(chooseProduct("code", "switchyard/advanced", false)).toBe("advanced");
    expect(refusal("completions", "switchyard/gpt", false)?.code).toBe("unknown_product");
    expect(refusal("completions", "other/scholar", false)?.code).toBe("unknown_product");
  });

  it("input over the product's context names the products of the endpoint that take more", () => {
    const fire = inputTooLarge("completions", "fire");
    expect(fire).toMatchObject({ code: "input_too_large", extra: { limit: 32_000 } });
    expect(fire.message).toContain("scholar (128000 tokens)");
    expect(fire.message).toContain("advanced (200000 tokens)");
    const advanced = inputTooLarge("code", "advanced");
    expect(advanced.message).not.toContain("larger context");
    expect(advanced.message).toContain("split it");
  });
});
