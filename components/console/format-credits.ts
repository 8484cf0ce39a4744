/** Credits as the console shows them: up to 6 decimals (micro-credits), grouped thousands. */
export function formatCredits(credits: number): string {
  return `${credits.toLocaleString("en-US", { maximumFractionDigits: 6 })} credits`;
}
