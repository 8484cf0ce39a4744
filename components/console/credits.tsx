import { creditAmount, roundedCredits } from "./format-credits";

/** Credits to the hundredth, the exact amount on hover: for figures on cards and in the header. */
export function Credits({ value, unit = false }: { value: number; unit?: boolean }) {
  return <span title={`${creditAmount(value)} credits exactly`}>{`${roundedCredits(value)}${unit ? " credits" : ""}`}</span>;
}
