// Charges the auto-recharges that are due (sql-pieces autoRechargeDue wrote them): each process
// claims one pending payment at a time (SKIP LOCKED and a lease), sizes it (target or fixed
// amount, within the monthly cap), and charges the saved card off-session. The credits come with
// the provider's payment_intent.succeeded event (provider-events.ts). A decline is retried after
// AUTO_RECHARGE_RETRY_SECONDS, doubling, and mailed to the owners; the third in a row turns
// auto-recharge off (billing.auto_recharge_disabled).
import "server-only";
import type { Payment } from "@prisma/client";
import { recordAudit } from "../../audit/service";
import { db } from "../../db";
import { env } from "../../env";
import { writeEvent } from "../../events/outbox";
import { log } from "../../log";
import { MICRO, toCredits } from "../credits";
import { mailOwners } from "./recharge-mail";
import { lockWorkspace } from "./settle-payment";
import { paymentProvider, paymentsEnabled, priceOf } from "./settings";
import { inCurrency } from "./views";

export const FAILURES_BEFORE_OFF = 3;
/** How long a process holds a recharge it is charging; and one paid, until the provider's event settles it. */
const CLAIM_SECONDS = 60;
const AWAIT_EVENT_SECONDS = 24 * 3600;

async function claimOne(): Promise<Payment | null> {
  const rows = await db().$queryRaw<{ id: string }[]>`
    UPDATE payments SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1, updated_at = now()
    WHERE id = (
      SELECT id FROM payments
      WHERE kind = 'auto_recharge' AND status = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.length ? db().payment.findUnique({ where: { id: rows[0].id } }) : null;
}

const startOfNextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

/** Credits to buy now: up to the target or the fixed amount, whole credits, within the monthly cap; 0 = none. */
async function creditsToBuy(payment: Payment, settings: { target: bigint | null; amount: bigint | null; monthlyCap: bigint | null }): Promise<bigint> {
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: payment.workspaceId }, select: { balance: true } });
  let wanted = settings.amount ?? (settings.target !== null ? settings.target - workspace.balance : 0n);
  wanted = ((wanted + MICRO - 1n) / MICRO) * MICRO;
  const least = BigInt(env.TOP_UP_MIN_CREDITS) * MICRO;
  if (wanted > 0n && wanted < least) wanted = least;
  if (settings.monthlyCap !== null) {
    const now = new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const spent = await db().payment.aggregate({ where: { workspaceId: payment.workspaceId, kind: "auto_recharge", status: "succeeded", createdAt: { gte: since } }, _sum: { credits: true } });
    const room = settings.monthlyCap - (spent._sum.credits ?? 0n);
    wanted = wanted > room ? (room / MICRO) * MICRO : wanted;
  }
  return wanted > 0n ? wanted : 0n;
}

/** The payment is not needed (or may not be made): gone, and why in the log. */
async function drop(payment: Payment, why: string, pause?: Date) {
  await db().$transaction(async (tx) => {
    await lockWorkspace(tx, payment.workspaceId);
    await tx.payment.deleteMany({ where: { id: payment.id, status: "pending" } });
    if (pause) await tx.autoRecharge.updateMany({ where: { workspaceId: payment.workspaceId }, data: { pausedUntil: pause } });
  });
  log.info({ payment_id: payment.id, workspace_id: payment.workspaceId }, why);
}

async function attempt(payment: Payment): Promise<void> {
  const settings = await db().autoRecharge.findUnique({ where: { workspaceId: payment.workspaceId } });
  if (!settings?.enabled || !settings.paymentMethodId || !settings.customerId) return drop(payment, "auto-recharge is off: the due recharge is dropped");
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: payment.workspaceId }, select: { balance: true } });
  if (workspace.balance >= settings.threshold) return drop(payment, "the balance is above the threshold again: the due recharge is dropped");
  const credits = await creditsToBuy(payment, settings);
  if (credits === 0n) return drop(payment, "the monthly cap of auto-recharge is reached: no recharge before next month", startOfNextMonth(new Date()));
  const amount = priceOf(Number(credits / MICRO));
  await db().payment.update({ where: { id: payment.id }, data: { credits, amount, currency: env.CREDIT_CURRENCY } });
  let result;
  try {
    result = await paymentProvider().chargeSaved({ paymentId: payment.id, workspaceId: payment.workspaceId, attempt: payment.attempts, customerId: settings.customerId, paymentMethodId: settings.paymentMethodId, amount, currency: env.CREDIT_CURRENCY });
  } catch (error) {
    // The provider did not answer: not the card's fault; the same attempt again soon.
    log.error({ err: error, payment_id: payment.id }, "auto-recharge could not reach the payment provider");
    await db().payment.update({ where: { id: payment.id }, data: { claimedUntil: null, attempts: { decrement: 1 }, nextAttemptAt: new Date(Date.now() + env.AUTO_RECHARGE_RETRY_SECONDS * 1000) } });
    return;
  }
  const about = { type: "payment", id: payment.id, name: `Auto-recharge of ${toCredits(credits)} credits` };
  const data = { payment_id: payment.id, kind: "auto_recharge", credits: toCredits(credits), amount: inCurrency(amount, env.CREDIT_CURRENCY), currency: env.CREDIT_CURRENCY };
  if (result.status === "succeeded") {
    await db().$transaction(async (tx) => {
      await tx.payment.update({ where: { id: payment.id }, data: { paymentIntentId: result.paymentIntentId, claimedUntil: new Date(Date.now() + AWAIT_EVENT_SECONDS * 1000) } });
      await recordAudit(tx, { workspaceId: payment.workspaceId, action: "billing.auto_recharge_attempt", by: undefined, target: about, changes: { attempt: [null, payment.attempts], outcome: [null, "paid"] } });
    });
    return;
  }
  const failures = settings.failures + 1;
  const off = failures >= FAILURES_BEFORE_OFF;
  const reason = result.reason;
  const disabledReason = `Turned off after ${failures} failed recharges in a row; the last: ${reason} Save a card again, then turn auto-recharge on.`;
  await db().$transaction(async (tx) => {
    await lockWorkspace(tx, payment.workspaceId);
    await tx.payment.update({
      where: { id: payment.id },
      data: off
        ? { status: "failed", failureReason: reason, claimedUntil: null, nextAttemptAt: null, paymentIntentId: result.paymentIntentId }
        : { failureReason: reason, claimedUntil: null, nextAttemptAt: new Date(Date.now() + env.AUTO_RECHARGE_RETRY_SECONDS * 1000 * 2 ** (failures - 1)) },
    });
    await tx.autoRecharge.update({ where: { workspaceId: payment.workspaceId }, data: off ? { failures, enabled: false, disabledReason } : { failures } });
    await recordAudit(tx, { workspaceId: payment.workspaceId, action: "billing.auto_recharge_attempt", by: undefined, target: about, changes: { attempt: [null, payment.attempts], outcome: [null, "declined"] } });
    await writeEvent(tx, { workspaceId: payment.workspaceId, type: "billing.payment_failed", subject: payment.workspaceId, data: { ...data, reason, failures } });
    if (off) {
      await recordAudit(tx, { workspaceId: payment.workspaceId, action: "billing.auto_recharge_disabled", by: undefined, target: { type: "workspace", id: payment.workspaceId, name: "auto-recharge" }, changes: { enabled: [true, false] } });
      await writeEvent(tx, { workspaceId: payment.workspaceId, type: "billing.auto_recharge_disabled", subject: payment.workspaceId, data: { reason: disabledReason, failures } });
    }
  });
  if (off) await mailOwners(payment.workspaceId, "Auto-recharge is off: the card was declined three times", [`Auto-recharge of ${toCredits(credits)} credits failed: ${reason}`, disabledReason]);
  else await mailOwners(payment.workspaceId, "Auto-recharge failed: we will try again", [`Auto-recharge of ${toCredits(credits)} credits failed: ${reason}`, `Attempt ${failures} of ${FAILURES_BEFORE_OFF}; the next one is later today. After ${FAILURES_BEFORE_OFF} failures auto-recharge turns itself off.`]);
}

/** One pass: every recharge due now, one at a time. Returns how many were attempted. */
export async function chargeDueRecharges(): Promise<number> {
  if (!paymentsEnabled()) return 0;
  let count = 0;
  for (let payment = await claimOne(); payment; payment = await claimOne()) {
    await attempt(payment);
    if (++count >= 50) break;
  }
  return count;
}
