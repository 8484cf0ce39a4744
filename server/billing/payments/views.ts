// A payment row as the API and the console show it.
import "server-only";
import type { Payment } from "@prisma/client";
import { toCredits } from "../credits";
import { minorUnits } from "./settings";

/** An amount in the currency's smallest unit as the currency (2500 cents → 25). */
export const inCurrency = (amount: number, currency: string) => amount / minorUnits(currency);

export function paymentView(row: Payment) {
  return {
    id: row.id,
    kind: row.kind as "top_up" | "auto_recharge" | "refund" | "dispute",
    status: row.status as "pending" | "succeeded" | "failed",
    credits: toCredits(row.credits),
    amount: inCurrency(row.amount, row.currency),
    currency: row.currency,
    receipt_url: row.receiptUrl,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
  };
}
