// A top-up: a payment row (pending) and the provider's hosted page to pay it. Nothing is credited
// here: the credits come with the provider's signed event (provider-events.ts).
import "server-only";
import type { AuditActor } from "../../actor";
import { recordAudit } from "../../audit/service";
import { db } from "../../db";
import { env } from "../../env";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { log } from "../../log";
import { toMicro } from "../credits";
import { findPage, type ListInput } from "../../wire/page";
import { paymentProvider, priceOf } from "./settings";
import { inCurrency, paymentView } from "./views";

export type CheckoutRequest = { workspaceId: string; credits: number; by?: AuditActor; projectId?: string | null };

/** `returnUrl`: the console's Billing page, where the customer comes back to. */
export async function createCheckoutSession(request: CheckoutRequest, returnUrl: string) {
  const provider = paymentProvider();
  const { workspaceId, credits } = request;
  if (credits < env.TOP_UP_MIN_CREDITS || credits > env.TOP_UP_MAX_CREDITS) {
    throw new AppError("invalid_body", `A purchase is between ${env.TOP_UP_MIN_CREDITS} and ${env.TOP_UP_MAX_CREDITS} credits; ${credits} is outside that.`, { param: "credits" });
  }
  const amount = priceOf(credits);
  const currency = env.CREDIT_CURRENCY;
  const id = newId("pay");
  await db().payment.create({ data: { id, workspaceId, kind: "top_up", credits: toMicro(credits), amount, currency } });
  let page;
  try {
    page = await provider.checkout({ paymentId: id, workspaceId, credits, amount, currency, returnUrl });
  } catch (error) {
    log.error({ err: error, payment_id: id }, "the payment provider refused a checkout session");
    await db().payment.update({ where: { id }, data: { status: "failed", failureReason: "The payment page could not be opened." } });
    throw new AppError("service_unavailable", "The payment provider could not open a payment page just now. Nothing was charged; try again in a minute.", { retry_after: 30 });
  }
  await db().$transaction(async (tx) => {
    await tx.payment.update({ where: { id }, data: { checkoutId: page.id } });
    await recordAudit(tx, {
      workspaceId,
      projectId: request.projectId ?? undefined,
      action: "billing.checkout_create",
      by: request.by,
      target: { type: "payment", id, name: `${credits} credits` },
      changes: { credits: [null, credits], amount: [null, inCurrency(amount, currency)] },
    });
  });
  return {
    checkout_session: { id, url: page.url, credits, amount: inCurrency(amount, currency), currency, expires_at: page.expiresAt.toISOString() },
  };
}

/** The workspace's payments, newest first. */
export async function listPayments(workspaceId: string, page: ListInput) {
  const { shown, next_cursor } = await findPage(page, (args) =>
    db().payment.findMany({ where: { workspaceId, ...args.cursorWhere }, orderBy: args.orderBy, take: args.take }),
  );
  return { payments: shown.map(paymentView), next_cursor };
}

/** One payment of the workspace (the console's page after Checkout asks for it). */
export async function getPayment(workspaceId: string, id: string) {
  const row = await db().payment.findFirst({ where: { id, workspaceId } });
  if (!row) throw new AppError("not_found", "No such payment in this workspace.");
  return paymentView(row);
}
