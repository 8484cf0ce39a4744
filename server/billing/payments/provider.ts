// What the billing service needs of a payment provider, in its own words: a hosted page to pay
// (or to save a card), an off-session charge of a saved card, a refund, and the provider's signed
// events turned into the few facts the service acts on. Stripe is the one provider (stripe.ts).
import "server-only";

/** Something the provider says happened, already verified as coming from it. */
export type ProviderEvent =
  | { id: string; type: "checkout_paid"; checkoutId: string; paymentId: string | null; paymentIntentId: string | null }
  | { id: string; type: "setup_completed"; workspaceId: string; customerId: string; setupIntentId: string }
  | { id: string; type: "payment_intent_succeeded"; paymentIntentId: string; paymentId: string | null }
  | { id: string; type: "charge_refunded"; paymentIntentId: string; amountRefunded: number; chargeAmount: number }
  | { id: string; type: "dispute_created"; disputeId: string; paymentIntentId: string; amount: number; chargeAmount: number }
  | { id: string; type: "ignored"; providerType: string };

export type HostedPage = { id: string; url: string; expiresAt: Date };

export type SavedCard = { paymentMethodId: string; brand: string | null; last4: string | null };

/** A settled charge's details: its receipt and charge id. */
export type ChargeDetails = { chargeId: string | null; receiptUrl: string | null };

/** The result of charging a saved card: paid, or declined with the provider's reason in our words. */
export type OffSessionResult = { status: "succeeded"; paymentIntentId: string } | { status: "failed"; paymentIntentId: string | null; reason: string };

export interface PaymentProvider {
  /** A hosted page where the customer pays `amount` (smallest currency unit) for `credits`. */
  checkout(input: { paymentId: string; workspaceId: string; credits: number; amount: number; currency: string; returnUrl: string; customerId?: string | null }): Promise<HostedPage>;
  /** A hosted page where the customer saves a card for off-session charges. */
  setupCheckout(input: { workspaceId: string; customerId: string; returnUrl: string; currency: string }): Promise<HostedPage>;
  /** The customer of a workspace, made on its first saved card. */
  createCustomer(input: { workspaceId: string; name: string }): Promise<string>;
  savedCard(setupIntentId: string): Promise<SavedCard>;
  chargeSaved(input: { paymentId: string; workspaceId: string; attempt: number; customerId: string; paymentMethodId: string; amount: number; currency: string }): Promise<OffSessionResult>;
  chargeDetails(paymentIntentId: string): Promise<ChargeDetails>;
  refund(paymentIntentId: string): Promise<void>;
  /** The event of a webhook request; throws ProviderSignatureError when the signature is not the provider's. */
  verifyEvent(body: string, signature: string | null): ProviderEvent;
}

export class ProviderSignatureError extends Error {
  /** Known by this mark, not by its class: each route's bundle may hold its own copy of this module. */
  readonly mark = "provider_signature";
}

export const isProviderSignatureError = (error: unknown): error is ProviderSignatureError =>
  error instanceof Error && (error as { mark?: unknown }).mark === "provider_signature";
