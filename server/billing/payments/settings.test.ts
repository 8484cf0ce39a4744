// Payments off without the operator's settings (a 409 saying how to turn them on, never a 404),
// and the price of credits in the currency's smallest unit.
import { describe, expect, it } from "vitest";
import { paymentProvider, paymentSettings, priceOf } from "./settings";

describe("payment settings", () => {
  it("without STRIPE_SECRET_KEY payments are off, and the refusal says how an operator turns them on", () => {
    expect(paymentSettings()).toMatchObject({ enabled: false, currency: "usd", creditPrice: 1, minCredits: 5, maxCredits: 10000 });
    expect(paymentSettings().howToEnable).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentProvider()).toThrow(expect.objectContaining({ code: "conflict" }));
  });

  it("prices credits in cents at the default price", () => {
    expect(priceOf(25)).toBe(2500);
    expect(priceOf(5)).toBe(500);
  });
});
