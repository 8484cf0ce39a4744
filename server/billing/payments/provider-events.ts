// The provider's signed events, each applied once: its id is recorded in the transaction of its
// effect, so a replayed or duplicated event does nothing, and an event that failed half-way is
// applied in full when the provider sends it again. An event about a payment this service does
// not know yet (a refund before its checkout completed) is refused with 503: the provider
// retries it later, in order.
import "server-only";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import { log } from "../../log";
import { saveCard } from "./auto-recharge";
import type { ChargeDetails, PaymentProvider, ProviderEvent } from "./provider";
import { reversePayment } from "./reversal";
import { settlePayment } from "./settle-payment";

export type EventOutcome = "applied" | "duplicate" | "ignored";

const notYet = (what: string) =>
  new AppError("service_unavailable", `${what} is not known here yet; send the event again later.`, { retry_after: 5 });

/** Records the event's id in `tx`; false when it was applied before. */
async function firstTime(tx: Tx, event: ProviderEvent): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`INSERT INTO provider_events (id, type) VALUES (${event.id}, ${event.type}) ON CONFLICT (id) DO NOTHING RETURNING id`;
  return rows.length > 0;
}

async function detailsOf(provider: PaymentProvider, paymentIntentId: string | null): Promise<ChargeDetails> {
  if (!paymentIntentId) return { chargeId: null, receiptUrl: null };
  try {
    return await provider.chargeDetails(paymentIntentId);
  } catch (error) {
    // The receipt is a convenience; the credits must not wait for it.
    log.warn({ err: error }, "the payment's receipt could not be read");
    return { chargeId: null, receiptUrl: null };
  }
}

export async function applyProviderEvent(provider: PaymentProvider, event: ProviderEvent): Promise<EventOutcome> {
  if (event.type === "ignored") return "ignored";
  if (await db().providerEvent.findUnique({ where: { id: event.id } })) return "duplicate";
  switch (event.type) {
    case "checkout_paid":
    case "payment_intent_succeeded": {
      const payment = await db().payment.findFirst({
        where: event.type === "checkout_paid"
          ? { OR: [{ checkoutId: event.checkoutId }, ...(event.paymentId ? [{ id: event.paymentId }] : [])] }
          : { OR: [{ paymentIntentId: event.paymentIntentId }, ...(event.paymentId ? [{ id: event.paymentId }] : [])] },
      });
      // A session of ours names its payment; one that does not is another integration's.
      if (!payment && event.paymentId) throw notYet("The payment");
      if (!payment) return "ignored";
      const details = payment.status === "pending" ? await detailsOf(provider, event.paymentIntentId) : { chargeId: null, receiptUrl: null };
      return db().$transaction(async (tx) => {
        if (!(await firstTime(tx, event))) return "duplicate";
        await settlePayment(tx, payment, event.paymentIntentId, details);
        return "applied";
      });
    }
    case "setup_completed": {
      const card = await provider.savedCard(event.setupIntentId);
      return db().$transaction(async (tx) => {
        if (!(await firstTime(tx, event))) return "duplicate";
        await saveCard(tx, event.workspaceId, event.customerId, card);
        return "applied";
      });
    }
    case "charge_refunded":
    case "dispute_created": {
      const payment = await db().payment.findUnique({ where: { paymentIntentId: event.paymentIntentId } });
      if (!payment) return "ignored";
      if (payment.status === "pending") throw notYet("The payment's success");
      if (payment.status !== "succeeded") return "ignored";
      const reversal =
        event.type === "charge_refunded"
          ? { kind: "refund" as const, providerRef: null, amount: event.amountRefunded, chargeAmount: event.chargeAmount }
          : { kind: "dispute" as const, providerRef: event.disputeId, amount: event.amount, chargeAmount: event.chargeAmount };
      return db().$transaction(async (tx) => {
        if (!(await firstTime(tx, event))) return "duplicate";
        if (reversal.providerRef && (await tx.payment.findUnique({ where: { providerRef: reversal.providerRef } }))) return "duplicate";
        await reversePayment(tx, payment, reversal);
        return "applied";
      });
    }
  }
}
