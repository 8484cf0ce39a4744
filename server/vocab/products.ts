// The five products clients name (never a vendor model), with their endpoints and limits; the
// console's rate and usage views list them. Imports nothing but a type, so the browser may import it
// too (vocab.test.ts).
import type { Endpoint } from "./endpoints";

export const productIds = ["fire", "scholar", "advanced", "vision", "sentinel"] as const;
export type ProductId = (typeof productIds)[number];

export type Product = {
  id: ProductId;
  description: string;
  endpoints: Endpoint[];
  maxInputTokens: number;
  maxOutputTokens: number;
  /** The UTC day it launched: the `created` of its OpenAI-style model object. */
  launchedOn: string;
};

export const products: Record<ProductId, Product> = {
  fire: { id: "fire", description: "Speed: high-volume, repetitive work.", endpoints: ["completions"], maxInputTokens: 32_000, maxOutputTokens: 4_096, launchedOn: "2026-01-12" },
  scholar: { id: "scholar", description: "The optimised default: best result per credit.", endpoints: ["completions", "code"], maxInputTokens: 128_000, maxOutputTokens: 8_192, launchedOn: "2026-01-12" },
  advanced: { id: "advanced", description: "Heavy work: architecture, migrations, security, whole-system change.", endpoints: ["completions", "code"], maxInputTokens: 200_000, maxOutputTokens: 16_384, launchedOn: "2026-01-12" },
  vision: { id: "vision", description: "Anything visual: screenshots, layouts, visual proof.", endpoints: ["completions", "code"], maxInputTokens: 128_000, maxOutputTokens: 8_192, launchedOn: "2026-03-02" },
  sentinel: { id: "sentinel", description: "Second opinion: review, security audit, acceptance judging.", endpoints: ["completions", "review"], maxInputTokens: 200_000, maxOutputTokens: 8_192, launchedOn: "2026-04-20" },
};

export const isProductId = (value: string): value is ProductId => (productIds as readonly string[]).includes(value);
