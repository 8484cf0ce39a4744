// The workspace's money, as GET /v1/billing, /v1/billing/transactions and /api/public/v1/usage
// answer it (the same services), plus what the overview needs, and buying credits (the same
// services as /v1/billing/checkout_sessions, /payments and /auto_recharge), and the low-balance
// alert (/v1/billing/low_balance_alert).
import "server-only";
import { z } from "zod";
import { lowBalanceAlertInput, usageQuery } from "../../billing/schema";
import { billingSummary, listTransactions, workspaceUsage } from "../../billing/service";
import { getAutoRecharge, startCardSetup, updateAutoRecharge } from "../../billing/payments/auto-recharge";
import { getLowBalanceAlert, updateLowBalanceAlert } from "../../billing/low-balance-alert";
import { createCheckoutSession, getPayment, listPayments } from "../../billing/payments/checkout";
import { billingPageUrl } from "../../billing/payments/return-url";
import { autoRechargeInput, checkoutSessionInput } from "../../billing/payments/schema";
import { paymentSettings } from "../../billing/payments/settings";
import { userActor } from "../../actor";
import { listInput } from "../../wire/page";
import { router, workspaceProcedure } from "../trpc";
import { transactionQuery } from "../../billing/ledger-query";

export const billingRouter = router({
  summary: workspaceProcedure.query(({ ctx }) => billingSummary(ctx.workspaceId)),
  // Not strict: infinite queries add `direction` next to `cursor`.
  transactions: workspaceProcedure.input(z.object(transactionQuery.shape)).query(({ ctx, input }) => listTransactions(ctx.workspaceId, input)),
  usage: workspaceProcedure.input(usageQuery).query(({ ctx, input }) => workspaceUsage(ctx.workspaceId, input)),
  paymentSettings: workspaceProcedure.query(() => paymentSettings()),
  createCheckout: workspaceProcedure
    .input(checkoutSessionInput)
    .mutation(({ ctx, input }) =>
      createCheckoutSession({ workspaceId: ctx.workspaceId, credits: input.credits, by: userActor({ userId: ctx.userId, address: ctx.address }) }, billingPageUrl(ctx.origin ?? null)),
    ),
  payments: workspaceProcedure.input(z.object(listInput.shape)).query(({ ctx, input }) => listPayments(ctx.workspaceId, input)),
  payment: workspaceProcedure.input(z.strictObject({ id: z.string().min(1).max(100) })).query(({ ctx, input }) => getPayment(ctx.workspaceId, input.id)),
  autoRecharge: workspaceProcedure.query(({ ctx }) => getAutoRecharge(ctx.workspaceId)),
  updateAutoRecharge: workspaceProcedure
    .input(autoRechargeInput)
    .mutation(({ ctx, input }) => updateAutoRecharge(ctx.workspaceId, input, userActor({ userId: ctx.userId, address: ctx.address }))),
  lowBalanceAlert: workspaceProcedure.query(({ ctx }) => getLowBalanceAlert(ctx.workspaceId)),
  updateLowBalanceAlert: workspaceProcedure
    .input(lowBalanceAlertInput)
    .mutation(({ ctx, input }) => updateLowBalanceAlert(ctx.workspaceId, input, userActor({ userId: ctx.userId, address: ctx.address }))),
  startCardSetup: workspaceProcedure.mutation(({ ctx }) => startCardSetup(ctx.workspaceId, billingPageUrl(ctx.origin ?? null))),
});
