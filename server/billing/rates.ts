// Live product rates: read from the database once and kept until an operator changes them (the
// change is published to every process, so it applies to the very next request everywhere).
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { AuditActor } from "../actor";
import { changesOf } from "../audit/changes";
import { recordAudit } from "../audit/service";
import { publishChange } from "../changes/channel";
import { liveValue } from "../changes/live-value";
import { db } from "../db";
import { AppError } from "../errors";
import { isProductId, productIds } from "../vocab/products";
import { toCredits, toMicro, type Rates } from "./credits";

export type RateView = { input_per_million_tokens: number; cached_input_per_million_tokens: number; output_per_million_tokens: number; updated_at: string };

const holder = globalThis as unknown as { switchyardRates?: () => Promise<Map<string, Rates & { updatedAt: Date }>> };

export function allRates(): Promise<Map<string, Rates & { updatedAt: Date }>> {
  holder.switchyardRates ??= liveValue("config", async () => {
    const rows = await db().productRate.findMany();
    return new Map(rows.map((row) => [row.product, row]));
  });
  return holder.switchyardRates();
}

/** The highest rate an operator may set, in credits per million tokens. */
export const MAX_RATE_CREDITS = 1_000_000;

/** What is wrong with a rate in credits per million tokens, for a person; null when it may be set. */
export function rateProblem(credits: number): string | null {
  if (!Number.isFinite(credits)) return "Enter a number of credits.";
  if (credits < 0) return "Must be 0 or more credits.";
  if (credits > MAX_RATE_CREDITS) return `Must be at most ${MAX_RATE_CREDITS.toLocaleString("en-US")} credits.`;
  return null;
}

export function rateView(rates: Rates & { updatedAt: Date }): RateView {
  return {
    input_per_million_tokens: toCredits(rates.inputPerMillion),
    cached_input_per_million_tokens: toCredits(rates.cachedInputPerMillion ?? rates.inputPerMillion),
    output_per_million_tokens: toCredits(rates.outputPerMillion),
    updated_at: rates.updatedAt.toISOString(),
  };
}

/**
 * Sets a product's rates, in credits per million tokens; the cached-input rate, when not given,
 * stays as it was (a product without rates yet starts at a tenth of its input rate). A
 * service-wide change: its audit record belongs to no workspace.
 */
export async function setRate(product: string, inputCredits: number, outputCredits: number, by: AuditActor, cachedInputCredits?: number): Promise<RateView> {
  if (!isProductId(product)) {
    throw new AppError("unknown_product", `Unknown product ${quoted(product)}; products are ${productIds.join(", ")}.`, { param: "product" });
  }
  const given = [["input", inputCredits], ["output", outputCredits], ...(cachedInputCredits === undefined ? [] : [["cached_input", cachedInputCredits] as const])] as const;
  for (const [param, value] of given) {
    const problem = rateProblem(value);
    if (problem) throw new AppError("invalid_body", `The ${param} rate (credits per million tokens) is refused: ${problem}`, { param });
  }
  const cached = cachedInputCredits === undefined ? {} : { cachedInputPerMillion: toMicro(cachedInputCredits) };
  const data = { inputPerMillion: toMicro(inputCredits), outputPerMillion: toMicro(outputCredits), updatedAt: new Date(), ...cached };
  const row = await db().$transaction(async (tx) => {
    const before = await tx.productRate.findUnique({ where: { product } });
    const create = { product, cachedInputPerMillion: data.inputPerMillion / 10n, ...data };
    const saved = await tx.productRate.upsert({ where: { product }, create, update: data });
    const changes = changesOf(before && rateView(before), rateView(saved), ["input_per_million_tokens", "cached_input_per_million_tokens", "output_per_million_tokens"]);
    await recordAudit(tx, { workspaceId: null, action: "operator.set_rate", by, target: { type: "product", id: product, name: product }, changes });
    return saved;
  });
  await publishChange("config");
  return rateView(row);
}
