/** A credit amount as a number: up to 6 decimals (micro-credits), grouped thousands. */
export function creditAmount(credits: number): string {
  return credits.toLocaleString("en-US", { maximumFractionDigits: 6 });
}

/** Credits as the console shows them in a sentence or a figure: "1,234.5 credits". */
export function formatCredits(credits: number): string {
  return `${creditAmount(credits)} credits`;
}

/** Credits to the hundredth, for cards and headers: "104.98"; "< 0.01" for a crumb above zero. */
export function roundedCredits(credits: number): string {
  if (credits > 0 && credits < 0.005) return "< 0.01";
  return credits.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
