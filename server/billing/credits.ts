// Credits on the wire are JSON numbers with at most 6 decimals; inside they are integer
// micro-credits (bigint), never floats.
export const MICRO_PER_CREDIT = 1_000_000n;

export function toMicro(credits: number): bigint {
  return BigInt(Math.round(credits * 1_000_000));
}

export function toCredits(micro: bigint): number {
  return Number(micro) / 1_000_000;
}
