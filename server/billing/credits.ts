// Credits on the wire are JSON numbers with at most 6 decimals; inside they are integer
// micro-credits (bigint), never floats. Rates are micro-credits per million tokens. The
// conversion itself is server/vocab/credit-units.ts.
import "server-only";
import { Prisma } from "@prisma/client";
import { creditsOf, MICRO_PER_CREDIT, microOf } from "../vocab/credit-units";

export const MICRO = BigInt(MICRO_PER_CREDIT);

export function toMicro(credits: number): bigint {
  return BigInt(microOf(credits));
}

export function toCredits(micro: bigint): number {
  return creditsOf(micro);
}

/** The credits of a µcr amount in SQL (an exact numeric), for JSON built by the database. */
export function creditsInSql(micro: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`${micro}::numeric / ${Prisma.raw(String(MICRO_PER_CREDIT))}`;
}

/** A product's rates; `cachedInputPerMillion` is for input an engine read from its prompt cache (the input rate when absent). */
export type Rates = { inputPerMillion: bigint; outputPerMillion: bigint; cachedInputPerMillion?: bigint };

const BASIS = 10_000n; // discounts are applied in basis points, exactly

/**
 * credits = ceil_µcr(((in − cached) × in_rate + cached × cached_rate + out × out_rate) / 1e6 × (1 − discount)),
 * all in integers: with rates in µcr per million tokens the product is µcr × 1e6, so one ceiling
 * division is exact. `cachedInputTokens` is the part of the input read from a prompt cache.
 */
export function creditsFor(inputTokens: number, outputTokens: number, rates: Rates, discount: number, cachedInputTokens = 0): bigint {
  if (![inputTokens, outputTokens, cachedInputTokens].every((n) => Number.isInteger(n) && n >= 0)) {
    throw new RangeError("token counts must be non-negative integers");
  }
  if (discount < 0 || discount >= 1) throw new RangeError("discount must be in [0, 1)");
  const keep = BASIS - BigInt(Math.round(discount * 10_000));
  const cached = BigInt(Math.min(cachedInputTokens, inputTokens));
  const input = (BigInt(inputTokens) - cached) * rates.inputPerMillion + cached * (rates.cachedInputPerMillion ?? rates.inputPerMillion);
  const numerator = (input + BigInt(outputTokens) * rates.outputPerMillion) * keep;
  const denominator = MICRO * BASIS;
  return (numerator + denominator - 1n) / denominator;
}
