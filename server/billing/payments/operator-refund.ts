// An operator refunds a payment (admin CLI): the refund goes through the provider, and its credits
// are taken back when the provider's charge.refunded event arrives (reversal.ts), like a refund
// made in the provider's dashboard.
import "server-only";
import type { AuditActor } from "../../actor";
import { recordAudit } from "../../audit/service";
import { db } from "../../db";
import { AppError } from "../../errors";
import { paymentProvider } from "./settings";
import { paymentView } from "./views";

export async function refundPayment(paymentId: string, by: AuditActor) {
  const provider = paymentProvider();
  const payment = await db().payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw new AppError("not_found", `No payment ${paymentId}.`);
  if ((payment.kind !== "top_up" && payment.kind !== "auto_recharge") || payment.status !== "succeeded" || !payment.paymentIntentId) {
    throw new AppError("conflict", `Payment ${paymentId} is a ${payment.kind} that is ${payment.status}: only a paid top-up or auto-recharge can be refunded.`);
  }
  await provider.refund(payment.paymentIntentId);
  await recordAudit(db(), {
    workspaceId: payment.workspaceId,
    action: "operator.refund_payment",
    by,
    target: { type: "payment", id: payment.id, name: `${payment.kind} ${payment.id}` },
    changes: { refunded: [false, true] },
  });
  return { ...paymentView(payment), refund: "requested: the credits are taken back when the payment provider confirms it" };
}
