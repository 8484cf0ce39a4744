// Request and response shapes of the payment routes: the REST handlers, the console's procedures
// and the OpenAPI document use these.
import "server-only";
import { z } from "zod";
import { cursorPage } from "../../wire/schema";

const credits = z.number().meta({ description: "Credits, at most 6 decimals." });
const wholeCredits = (what: string) => z.number().int(`must be a whole number of credits`).min(0).meta({ description: what });

export const checkoutSessionInput = z.strictObject({
  credits: z
    .number({ message: "must be a number of credits" })
    .int("must be a whole number of credits")
    .positive("must be at least 1")
    .meta({ description: "Credits to buy: a whole number within the operator's minimum and maximum per purchase.", example: 25 }),
});

export const checkoutSessionResponse = z
  .strictObject({
    checkout_session: z.strictObject({
      id: z.string().meta({ description: "The payment this purchase becomes (`pay_...`), listed by GET /v1/billing/payments." }),
      url: z.url().meta({ description: "The payment provider's page where the customer pays; send them there." }),
      credits,
      amount: z.number().meta({ description: "The price in the currency, e.g. 25.00." }),
      currency: z.string().meta({ example: "usd" }),
      expires_at: z.iso.datetime(),
    }),
  })
  .meta({ id: "CheckoutSession" });

export const paymentKinds = ["top_up", "auto_recharge", "refund", "dispute"] as const;

export const paymentObject = z
  .strictObject({
    id: z.string().meta({ example: "pay_01jd0v6x4m8q2r5t7w9y1b3c5e" }),
    kind: z.enum(paymentKinds).meta({ description: "`refund` and `dispute` take the credits of the payment they undo back." }),
    status: z.enum(["pending", "succeeded", "failed"]).meta({ description: "Credits move only when the provider confirms the payment (`succeeded`)." }),
    credits,
    amount: z.number().meta({ description: "In the currency, e.g. 25.00." }),
    currency: z.string(),
    receipt_url: z.string().nullable().meta({ description: "The provider's receipt, once paid." }),
    failure_reason: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Payment" });

export const paymentList = cursorPage("payments", paymentObject);

export const autoRechargeObject = z
  .strictObject({
    enabled: z.boolean(),
    threshold_credits: credits.meta({ description: "When a charge takes the balance below this, one recharge is made." }),
    target_credits: credits.nullable().meta({ description: "The balance a recharge tops up to (or `amount_credits`)." }),
    amount_credits: credits.nullable().meta({ description: "A fixed amount per recharge, instead of a target balance." }),
    monthly_cap_credits: credits.nullable().meta({ description: "At most this many credits recharged per UTC month; null = no cap." }),
    payment_method: z.strictObject({ brand: z.string().nullable(), last4: z.string().nullable() }).nullable(),
    failures: z.number().int().meta({ description: "Failed attempts in a row; the third turns auto-recharge off." }),
    disabled_reason: z.string().nullable(),
  })
  .meta({ id: "AutoRecharge" });

export const autoRechargeInput = z
  .strictObject({
    enabled: z.boolean().optional(),
    threshold_credits: z.number().min(0).meta({ description: "Recharge when a charge takes the balance below this." }).optional(),
    target_credits: wholeCredits("Top the balance up to this.").nullable().optional(),
    amount_credits: wholeCredits("Or buy this many each time.").nullable().optional(),
    monthly_cap_credits: wholeCredits("At most this many credits a UTC month; null = no cap.").nullable().optional(),
  })
  .meta({ id: "AutoRechargeChange" });
export type AutoRechargeInput = z.infer<typeof autoRechargeInput>;

export const autoRechargeSetupResponse = z.strictObject({
  url: z.url().meta({ description: "The provider's page where the customer saves a card for recharges." }),
});
