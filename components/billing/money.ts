// Amounts of a currency as the console shows them: "25.00 USD".
export function money(amount: number, currency: string, minorUnits = 100): string {
  const digits = minorUnits === 1 ? 0 : 2;
  return `${amount.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency.toUpperCase()}`;
}

/** The price of `credits` at `creditPrice`, rounded up to the currency's smallest unit, as the service charges it. */
export function priceFor(credits: number, creditPrice: number, minorUnits: number): number {
  return Math.ceil(Math.round(credits * creditPrice * minorUnits * 1e6) / 1e6) / minorUnits;
}
