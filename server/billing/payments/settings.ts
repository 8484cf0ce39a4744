// Whether this service sells credits, at what price, and the provider that takes the money.
import "server-only";
import { env } from "../../env";
import { AppError } from "../../errors";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe";

/** What the console and the API say when an operator has not turned payments on. */
export const PAYMENTS_OFF =
  "Payments are off on this server: an operator turns them on by setting STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README \"Selling credits\"). Until then credits come from an operator's grant.";

export const paymentsEnabled = (): boolean => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);

const holder = globalThis as unknown as { switchyardPaymentProvider?: PaymentProvider };

/** The provider, or 409 `conflict` saying how payments are turned on. */
export function paymentProvider(): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) throw new AppError("conflict", PAYMENTS_OFF);
  return (holder.switchyardPaymentProvider ??= stripeProvider(env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET));
}

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);

/** The smallest currency units per unit of the currency (100 cents a dollar; 1 for yen). */
export const minorUnits = (currency: string) => (ZERO_DECIMAL.has(currency) ? 1 : 100);

/** The price of `credits` in the currency's smallest unit, rounded up to a whole one. */
export function priceOf(credits: number): number {
  return Math.ceil(Math.round(credits * env.CREDIT_PRICE * minorUnits(env.CREDIT_CURRENCY) * 1e6) / 1e6);
}

export type PaymentSettings = {
  enabled: boolean;
  /** Said when `enabled` is false. */
  howToEnable: string | null;
  creditPrice: number;
  currency: string;
  minorUnits: number;
  minCredits: number;
  maxCredits: number;
};

export function paymentSettings(): PaymentSettings {
  const enabled = paymentsEnabled();
  return {
    enabled,
    howToEnable: enabled ? null : PAYMENTS_OFF,
    creditPrice: env.CREDIT_PRICE,
    currency: env.CREDIT_CURRENCY,
    minorUnits: minorUnits(env.CREDIT_CURRENCY),
    minCredits: env.TOP_UP_MIN_CREDITS,
    maxCredits: env.TOP_UP_MAX_CREDITS,
  };
}
