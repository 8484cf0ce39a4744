// Credits ↔ micro-credits (µcr), the one conversion: 1 credit is 10⁶ µcr, and credits on the wire
// have at most 6 decimals. Plain numbers and no imports, so the console's components add credits
// up in whole µcr with it too; the server's bigints and SQL use it through credits.ts.
export const MICRO_PER_CREDIT = 1_000_000;

/** Whole µcr of an amount of credits. */
export function microOf(credits: number): number {
  return Math.round(credits * MICRO_PER_CREDIT);
}

/** Credits of an amount of µcr. */
export function creditsOf(micro: number | bigint): number {
  return Number(micro) / MICRO_PER_CREDIT;
}
