// An operator refunds a payment (admin CLI, and the console's operator view of a workspace's
// payments): the refund goes through the provider, and its credits are taken back when the
// provider's charge.refunded event arrives (reversal.ts), like a refund made in the provider's
// dashboard. Which payments can be refunded is said here once, for the CLI, the console's list and
// its button.
import "server-only";
import type { Payment } from "@prisma/client";
import type { AuditActor } from "../../actor";
import { recordAudit } from "../../audit/service";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ListInput } from "../../wire/page";
import { listPayments } from "./checkout";
import { paymentProvider } from "./settings";
import { paymentView } from "./views";

/** Why `payment` cannot be refunded (`refunded`: a refund of it was already recorded), or null. */
function whyNotRefundable(payment: Payment, refunded: boolean): string | null {
  if ((payment.kind !== "top_up" && payment.kind !== "auto_recharge") || payment.status !== "succeeded" || !payment.paymentIntentId) {
    return `Payment ${payment.id} is a ${payment.kind} that is ${payment.status}: only a paid top-up or auto-recharge can be refunded.`;
  }
  if (refunded) return `Payment ${payment.id} was refunded already.`;
  return null;
}

const refundedAmong = async (ids: string[]) =>
  new Set((await db().payment.findMany({ where: { undoesId: { in: ids }, kind: "refund" }, select: { undoesId: true } })).map((r) => r.undoesId));

export async function refundPayment(paymentId: string, by: AuditActor) {
  const provider = paymentProvider();
  const payment = await db().payment.findUnique({ where: { id: paymentId } });
  if (!payment) throw new AppError("not_found", `No payment ${paymentId}.`);
  const refusal = whyNotRefundable(payment, (await refundedAmong([payment.id])).has(payment.id));
  if (refusal) throw new AppError("conflict", refusal);
  await provider.refund(payment.paymentIntentId!);
  await recordAudit(db(), {
    workspaceId: payment.workspaceId,
    action: "operator.refund_payment",
    by,
    target: { type: "payment", id: payment.id, name: `${payment.kind} ${payment.id}` },
    changes: { refunded: [false, true] },
  });
  return { ...paymentView(payment), refund: "requested: the credits are taken back when the payment provider confirms it" };
}

/** A workspace's payments for the operator, each saying whether it can be refunded now. */
export async function paymentsForOperator(workspaceId: string, page: ListInput) {
  const { payments, next_cursor } = await listPayments(workspaceId, page);
  const rows = await db().payment.findMany({ where: { id: { in: payments.map((p) => p.id) } } });
  const refunded = await refundedAmong(rows.map((r) => r.id));
  const refundable = new Set(rows.filter((row) => whyNotRefundable(row, refunded.has(row.id)) === null).map((row) => row.id));
  return { payments: payments.map((p) => ({ ...p, refundable: refundable.has(p.id) })), next_cursor };
}
