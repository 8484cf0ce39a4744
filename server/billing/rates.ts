// Live product rates: read from the database once and kept until an operator changes them (the
// change is published to every process, so it applies to the very next request everywhere).
import type { AuditActor } from "../audit/schema";
import { recordAudit } from "../audit/service";
import { publishChange } from "../changes/channel";
import { liveValue } from "../changes/live-value";
import { db } from "../db";
import { AppError } from "../errors";
import { isProductId, productIds } from "../vocab/products";
import { toCredits, toMicro, type Rates } from "./credits";

export type RateView = { input_per_million_tokens: number; output_per_million_tokens: number; updated_at: string };

const holder = globalThis as unknown as { switchyardRates?: () => Promise<Map<string, Rates & { updatedAt: Date }>> };

export function allRates(): Promise<Map<string, Rates & { updatedAt: Date }>> {
  holder.switchyardRates ??= liveValue("config", async () => {
    const rows = await db().productRate.findMany();
    return new Map(rows.map((row) => [row.product, row]));
  });
  return holder.switchyardRates();
}

export function rateView(rates: Rates & { updatedAt: Date }): RateView {
  return {
    input_per_million_tokens: toCredits(rates.inputPerMillion),
    output_per_million_tokens: toCredits(rates.outputPerMillion),
    updated_at: rates.updatedAt.toISOString(),
  };
}

/** Sets a product's rates, in credits per million tokens. A service-wide change: its audit record belongs to no workspace. */
export async function setRate(product: string, inputCredits: number, outputCredits: number, by: AuditActor): Promise<RateView> {
  if (!isProductId(product)) {
    throw new AppError("unknown_product", `Unknown product ${product}; products are ${productIds.join(", ")}.`, { param: "product" });
  }
  for (const [param, value] of [["input", inputCredits], ["output", outputCredits]] as const) {
    if (!Number.isFinite(value) || value < 0 || value > 1_000_000) {
      throw new AppError("invalid_body", `The ${param} rate must be between 0 and 1000000 credits per million tokens.`, { param });
    }
  }
  const data = { inputPerMillion: toMicro(inputCredits), outputPerMillion: toMicro(outputCredits), updatedAt: new Date() };
  const row = await db().$transaction(async (tx) => {
    const saved = await tx.productRate.upsert({ where: { product }, create: { product, ...data }, update: data });
    await recordAudit(tx, { workspaceId: null, action: "operator.set_rate", by, target: product });
    return saved;
  });
  await publishChange("config");
  return rateView(row);
}
