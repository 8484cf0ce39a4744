// The payment provider through Stripe's official SDK: Checkout Sessions (pay, or save a card),
// off-session PaymentIntents, refunds, and webhook events verified with the SDK's constructEvent.
// STRIPE_API_BASE points the SDK elsewhere (the tests' fake Stripe); unset, it talks to Stripe.
import "server-only";
import Stripe from "stripe";
import { env } from "../../env";
import { ProviderSignatureError, type PaymentProvider, type ProviderEvent } from "./provider";

function client(secretKey: string): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base && { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "https:" ? "https" : "http" }),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === "string" ? value : value.id);

/** Turns a verified Stripe event into the facts the billing service acts on. */
function factOf(event: Stripe.Event): ProviderEvent {
  const id = event.id;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      if (session.mode === "setup") {
        const setupIntentId = idOf(session.setup_intent);
        const customerId = idOf(session.customer);
        const workspaceId = session.client_reference_id;
        if (!setupIntentId || !customerId || !workspaceId) return { id, type: "ignored", providerType: event.type };
        return { id, type: "setup_completed", workspaceId, customerId, setupIntentId };
      }
      if (session.payment_status !== "paid") return { id, type: "ignored", providerType: event.type };
      return { id, type: "checkout_paid", checkoutId: session.id, paymentId: session.metadata?.payment_id ?? null, paymentIntentId: idOf(session.payment_intent) };
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return { id, type: "payment_intent_succeeded", paymentIntentId: intent.id, paymentId: intent.metadata?.payment_id ?? null };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return { id, type: "ignored", providerType: event.type };
      return { id, type: "charge_refunded", paymentIntentId, amountRefunded: charge.amount_refunded, chargeAmount: charge.amount };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) return { id, type: "ignored", providerType: event.type };
      const charge = typeof dispute.charge === "string" ? null : dispute.charge;
      return { id, type: "dispute_created", disputeId: dispute.id, paymentIntentId, amount: dispute.amount, chargeAmount: charge?.amount ?? dispute.amount };
    }
    default:
      return { id, type: "ignored", providerType: event.type };
  }
}

export function stripeProvider(secretKey: string, webhookSecret: string): PaymentProvider {
  const stripe = client(secretKey);
  return {
    async checkout({ paymentId, workspaceId, credits, amount, currency, returnUrl }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: workspaceId,
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: `${credits} Switchyard credits` } } }],
          metadata: { payment_id: paymentId, workspace_id: workspaceId },
          payment_intent_data: { metadata: { payment_id: paymentId, workspace_id: workspaceId } },
          success_url: `${returnUrl}?checkout=${paymentId}`,
          cancel_url: `${returnUrl}?checkout=cancelled`,
        },
        { idempotencyKey: `checkout-${paymentId}` },
      );
      return { id: session.id, url: session.url ?? "", expiresAt: new Date(session.expires_at * 1000) };
    },
    async setupCheckout({ workspaceId, customerId, returnUrl, currency }) {
      const session = await stripe.checkout.sessions.create({
        mode: "setup",
        currency,
        customer: customerId,
        client_reference_id: workspaceId,
        success_url: `${returnUrl}?card=saved`,
        cancel_url: `${returnUrl}?card=cancelled`,
      });
      return { id: session.id, url: session.url ?? "", expiresAt: new Date(session.expires_at * 1000) };
    },
    async createCustomer({ workspaceId, name }) {
      const customer = await stripe.customers.create({ name, metadata: { workspace_id: workspaceId } }, { idempotencyKey: `customer-${workspaceId}` });
      return customer.id;
    },
    async savedCard(setupIntentId) {
      const intent = await stripe.setupIntents.retrieve(setupIntentId, { expand: ["payment_method"] });
      const method = intent.payment_method;
      if (!method) throw new Error("the setup intent has no payment method");
      if (typeof method === "string") return { paymentMethodId: method, brand: null, last4: null };
      return { paymentMethodId: method.id, brand: method.card?.brand ?? null, last4: method.card?.last4 ?? null };
    },
    async chargeSaved({ paymentId, workspaceId, attempt, customerId, paymentMethodId, amount, currency }) {
      try {
        const intent = await stripe.paymentIntents.create(
          { amount, currency, customer: customerId, payment_method: paymentMethodId, off_session: true, confirm: true, metadata: { payment_id: paymentId, workspace_id: workspaceId } },
          { idempotencyKey: `recharge-${paymentId}-${attempt}` },
        );
        if (intent.status === "succeeded" || intent.status === "processing") return { status: "succeeded", paymentIntentId: intent.id };
        return { status: "failed", paymentIntentId: intent.id, reason: "The card needs the customer to confirm the payment." };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = (error.raw as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
          return { status: "failed", paymentIntentId: intentId, reason: `The card was declined (${error.decline_code ?? error.code ?? "declined"}).` };
        }
        throw error;
      }
    },
    async chargeDetails(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
      const charge = intent.latest_charge;
      if (!charge) return { chargeId: null, receiptUrl: null };
      if (typeof charge === "string") return { chargeId: charge, receiptUrl: null };
      return { chargeId: charge.id, receiptUrl: charge.receipt_url ?? null };
    },
    async refund(paymentIntentId) {
      await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: `refund-${paymentIntentId}` });
    },
    verifyEvent(body, signature) {
      if (!signature) throw new ProviderSignatureError("no Stripe-Signature header");
      try {
        return factOf(stripe.webhooks.constructEvent(body, signature, webhookSecret));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new ProviderSignatureError(error.message);
        throw new ProviderSignatureError("the body is not a Stripe event");
      }
    },
  };
}
