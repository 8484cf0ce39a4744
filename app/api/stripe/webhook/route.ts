import { receiveProviderEvent } from "@/server/billing/payments/webhook";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withoutKey } from "@/server/http/without-key";

// POST /api/stripe/webhook — Stripe's signed events (checkout completed, payment succeeded, refunds, disputes), each applied once
export const POST = withoutKey(async (request) => Response.json(await receiveProviderEvent(await request.text(), request.headers.get("stripe-signature"))));

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
