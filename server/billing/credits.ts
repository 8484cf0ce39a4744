// Credits on the wire are JSON numbers with at most 6 decimals; inside they are integer
// micro-credits (bigint), never floats. Rates are micro-credits per million tokens.
export const MICRO = 1_000_000n;

export function toMicro(credits: number): bigint {
  return BigInt(Math.round(credits * 1_000_000));
}

export function toCredits(micro: bigint): number {
  return Number(micro) / 1_000_000;
}

export type Rates = { inputPerMillion: bigint; outputPerMillion: bigint };

const BASIS = 10_000n; // discounts are applied in basis points, exactly

/**
 * credits = ceil_µcr((in × in_rate + out × out_rate) / 1e6 × (1 − discount)), all in integers:
 * with rates in µcr per million tokens the product is µcr × 1e6, so one ceiling division is exact.
 */
export function creditsFor(inputTokens: number, outputTokens: number, rates: Rates, discount: number): bigint {
  if (!Number.isInteger(inputTokens) || !Number.isInteger(outputTokens) || inputTokens < 0 || outputTokens < 0) {
    throw new RangeError("token counts must be non-negative integers");
  }
  if (discount < 0 || discount >= 1) throw new RangeError("discount must be in [0, 1)");
  const keep = BASIS - BigInt(Math.round(discount * 10_000));
  const numerator = (BigInt(inputTokens) * rates.inputPerMillion + BigInt(outputTokens) * rates.outputPerMillion) * keep;
  const denominator = MICRO * BASIS;
  return (numerator + denominator - 1n) / denominator;
}
