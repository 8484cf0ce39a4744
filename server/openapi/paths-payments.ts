// Buying credits: one registration per route and method (README "Selling credits"). The
// provider's own webhook, POST /api/stripe/webhook, is Stripe's to call, not the public API's.
import "server-only";
import { autoRechargeInput, autoRechargeObject, checkoutSessionInput, checkoutSessionResponse, paymentList } from "../billing/payments/schema";
import { listInput } from "../wire/page";
import { operation } from "./operation";

const whenOff = "When the operator has not turned payments on, 409 `conflict` says how.";

export const paymentOperations = [
  operation({
    method: "post",
    path: "/v1/billing/checkout_sessions",
    summary: "Buy credits",
    description:
      "Opens the payment provider's page for `credits` at the operator's price (a whole number within the minimum and maximum per purchase); send the customer to `url`. " +
      "The credits are added only when the provider's signed confirmation arrives, once, as a `top_up` transaction naming the payment (`pay_...`). " + whenOff,
    scope: "read_write",
    body: checkoutSessionInput,
    responses: { 201: { description: "The payment page.", schema: checkoutSessionResponse } },
    errors: ["conflict", "service_unavailable"],
  }),
  operation({
    method: "get",
    path: "/v1/billing/payments",
    summary: "List payments",
    description: "The workspace's top-ups, auto-recharges, refunds and disputes, newest first, with the provider's receipt once paid.",
    scope: "read",
    query: listInput,
    responses: { 200: { description: "A page of payments.", schema: paymentList } },
  }),
  operation({
    method: "get",
    path: "/v1/billing/auto_recharge",
    summary: "Get auto-recharge",
    description: "When a charge takes the balance below `threshold_credits`, one charge of the saved card tops it up to `target_credits` (or buys `amount_credits`), within `monthly_cap_credits`. Three failed charges in a row turn it off (`disabled_reason`).",
    scope: "read",
    responses: { 200: { description: "The workspace's auto-recharge.", schema: autoRechargeObject } },
  }),
  operation({
    method: "patch",
    path: "/v1/billing/auto_recharge",
    summary: "Change auto-recharge",
    description: "Turning it on needs a card saved on the console's Billing page (else 409 `conflict`) and either a target above the threshold or a fixed amount. " + whenOff,
    scope: "read_write",
    body: autoRechargeInput,
    responses: { 200: { description: "The auto-recharge as changed.", schema: autoRechargeObject } },
    errors: ["conflict"],
  }),
];
