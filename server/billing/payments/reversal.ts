// A refunded or disputed payment: its credits taken back (the balance may go below zero; new work
// then stops with 402 until a top-up), a `reversal` entry of the ledger naming the payment, and a
// payment row of kind refund or dispute. Refunds are cumulative on the provider's side (a charge
// says how much of it is refunded so far), so each event takes back only what is not yet taken:
// duplicates and late arrivals change nothing.
import "server-only";
import type { Payment } from "@prisma/client";
import { recordAudit } from "../../audit/service";
import type { Tx } from "../../db";
import { newId } from "../../ids";
import { toCredits } from "../credits";
import { applyEntry } from "../ledger";
import { lockWorkspace } from "./settle-payment";

export type Reversal = { kind: "refund" | "dispute"; providerRef: string | null; amount: number; chargeAmount: number };

/** Credits already taken back from `payment`, and how much of its money. */
async function reversedSoFar(tx: Tx, payment: Payment, kind?: "refund" | "dispute") {
  const rows = await tx.payment.findMany({ where: { undoesId: payment.id, status: "succeeded", ...(kind && { kind }) }, select: { credits: true, amount: true } });
  return { credits: rows.reduce((sum, row) => sum + row.credits, 0n), amount: rows.reduce((sum, row) => sum + row.amount, 0) };
}

/** Returns the credits taken back by this call (0n when nothing was left to take). */
export async function reversePayment(tx: Tx, payment: Payment, reversal: Reversal): Promise<bigint> {
  await lockWorkspace(tx, payment.workspaceId);
  const all = await reversedSoFar(tx, payment);
  const share = reversal.chargeAmount > 0 ? Math.min(reversal.amount, reversal.chargeAmount) / reversal.chargeAmount : 1;
  const left = payment.credits - all.credits;
  let credits: bigint;
  let amount: number;
  if (reversal.kind === "refund") {
    // The refunded total so far, less what earlier refunds took.
    const refunded = await reversedSoFar(tx, payment, "refund");
    credits = (payment.credits * BigInt(Math.round(share * 1e6))) / 1_000_000n - refunded.credits;
    amount = reversal.amount - refunded.amount;
  } else {
    credits = (payment.credits * BigInt(Math.round(share * 1e6))) / 1_000_000n;
    amount = reversal.amount;
  }
  if (credits > left) credits = left;
  if (credits <= 0n) return 0n;
  const id = newId("pay");
  await tx.payment.create({
    data: { id, workspaceId: payment.workspaceId, kind: reversal.kind, status: "succeeded", credits, amount: Math.max(0, amount), currency: payment.currency, undoesId: payment.id, providerRef: reversal.providerRef, paymentIntentId: null },
  });
  const words = `${reversal.kind === "refund" ? "Refund" : "Dispute"} of ${payment.id}: ${toCredits(credits)} credits taken back`;
  await applyEntry(tx, { workspaceId: payment.workspaceId, kind: "reversal", amount: -credits, description: words, resource: payment.id });
  await recordAudit(tx, {
    workspaceId: payment.workspaceId,
    action: "billing.payment_reversed",
    by: undefined,
    target: { type: "payment", id: payment.id, name: words },
    changes: { credits: [toCredits(left), toCredits(left - credits)] },
  });
  return credits;
}
