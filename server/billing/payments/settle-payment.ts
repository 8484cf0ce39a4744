// A payment the provider confirmed: its credits added (a ledger entry naming the payment), once.
// The payment row moves from pending to succeeded in the same transaction as the credits, so a
// second event about the same payment (a duplicate, or checkout.session.completed after
// payment_intent.succeeded) finds nothing pending and adds nothing.
import "server-only";
import type { Payment } from "@prisma/client";
import { recordAudit } from "../../audit/service";
import type { Tx } from "../../db";
import { writeEvent } from "../../events/outbox";
import { toCredits } from "../credits";
import { applyEntry } from "../ledger";
import type { ChargeDetails } from "./provider";
import { inCurrency } from "./views";

/** Locks the workspace row first: every writer of a pending recharge takes it in this order (sql-pieces autoRechargeDue). */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
}

export const paymentWords = (payment: Pick<Payment, "kind" | "credits">) =>
  `${payment.kind === "auto_recharge" ? "Auto-recharge" : "Top-up"} of ${toCredits(payment.credits)} credits`;

/** Returns whether this call added the credits (false: the payment was not pending). */
export async function settlePayment(tx: Tx, payment: Payment, paymentIntentId: string | null, details: ChargeDetails): Promise<boolean> {
  await lockWorkspace(tx, payment.workspaceId);
  const moved = await tx.payment.updateMany({
    where: { id: payment.id, status: "pending" },
    data: {
      status: "succeeded",
      paymentIntentId: paymentIntentId ?? payment.paymentIntentId,
      chargeId: details.chargeId,
      receiptUrl: details.receiptUrl,
      claimedUntil: null,
      failureReason: null,
    },
  });
  if (moved.count === 0) return false;
  const words = paymentWords(payment);
  const balance = await applyEntry(tx, { workspaceId: payment.workspaceId, kind: "top_up", amount: payment.credits, description: words, resource: payment.id });
  if (payment.kind === "auto_recharge") {
    await tx.autoRecharge.updateMany({ where: { workspaceId: payment.workspaceId }, data: { failures: 0 } });
  }
  const data = { payment_id: payment.id, kind: payment.kind, credits: toCredits(payment.credits), amount: inCurrency(payment.amount, payment.currency), currency: payment.currency, balance: toCredits(balance) };
  await writeEvent(tx, { workspaceId: payment.workspaceId, type: "billing.payment_succeeded", subject: payment.workspaceId, data });
  await recordAudit(tx, {
    workspaceId: payment.workspaceId,
    action: "billing.payment_succeeded",
    by: undefined,
    target: { type: "payment", id: payment.id, name: words },
    changes: { status: ["pending", "succeeded"], credits: [null, toCredits(payment.credits)] },
  });
  return true;
}
