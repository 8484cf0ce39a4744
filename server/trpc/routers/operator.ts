// Operators' controls: live product rates, tier limits, credit grants, tiers and refunds (the admin CLI's commands).
import "server-only";
import { z } from "zod";
import type { AuditActor } from "../../actor";
import { productIds } from "../../vocab/products";
import { toCredits, toMicro } from "../../billing/credits";
import { addCredits } from "../../billing/ledger";
import { allRates, rateProblem, rateView, setRate } from "../../billing/rates";
import { allTierLimits, MAX_TIER_LIMIT, setTierLimits } from "../../billing/tier-limits";
import { setTier } from "../../workspaces/service";
import { paymentsForOperator, refundPayment } from "../../billing/payments/operator-refund";
import { listInput } from "../../wire/page";
import { listAuditEvents } from "../../audit/service";
import { auditListInput } from "../../audit/schema";
import { memberProcedure, operatorProcedure, router } from "../trpc";
import { db } from "../../db";
import { tierIds } from "../../vocab/tiers";

// The console shows these messages under the field, so they are written for a person.
const tier = z.enum(tierIds as [string, ...string[]]);
const workspaceId = z.string().trim().min(1, "Enter a workspace id.").max(100);
const perMillion = z.number({ message: "Enter a number of credits." }).superRefine((credits, ctx) => {
  const problem = rateProblem(credits);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const perMinute = z
  .number({ message: "Enter a number of requests per minute." })
  .int("Must be a whole number.")
  .min(1, "Must be at least 1 request per minute.")
  .max(MAX_TIER_LIMIT, `Must be at most ${MAX_TIER_LIMIT.toLocaleString("en-US")} requests per minute.`);
/** The signed-in operator, as the audit log names them. */
const operatorOf = (ctx: { userId: string; address?: string | null }): AuditActor => ({ type: "operator", id: ctx.userId, address: ctx.address });

export const operatorRouter = router({
  /** Whether the signed-in user is an operator (the console shows the controls then). */
  isOperator: memberProcedure.query(async ({ ctx }) => {
    const user = await db().user.findUnique({ where: { id: ctx.userId }, select: { operator: true } });
    return { operator: user?.operator ?? false };
  }),
  /** Changes that belong to no workspace (rates, tier limits, sign-ins of unknown emails), newest first. */
  auditEvents: operatorProcedure.input(z.object(auditListInput.shape)).query(({ input }) => listAuditEvents({ workspaceId: null }, input)),
  rates: operatorProcedure.query(async () => [...(await allRates())].map(([product, rates]) => ({ product, ...rateView(rates) }))),
  setRate: operatorProcedure
    .input(z.strictObject({ product: z.enum(productIds), input: perMillion, output: perMillion, cached_input: perMillion.optional() }))
    .mutation(({ ctx, input }) => setRate(input.product, input.input, input.output, operatorOf(ctx), input.cached_input)),
  tierLimits: operatorProcedure.query(() => allTierLimits()),
  // Live on the next request of every replica; keys with their own higher limits are held to these.
  setTierLimits: operatorProcedure
    .input(z.strictObject({ tier, generate: perMinute, api: perMinute }))
    .mutation(({ ctx, input }) => setTierLimits(input.tier, { generate: input.generate, api: input.api }, operatorOf(ctx))),
  grantCredits: operatorProcedure
    .input(z.strictObject({ workspaceId, credits: z.number({ message: "Enter a number of credits." }).positive("Must be more than 0 credits.").max(1_000_000, "At most 1,000,000 credits at a time.") }))
    .mutation(async ({ ctx, input }) => ({
      balance: toCredits(await addCredits(input.workspaceId, toMicro(input.credits), { grantedBy: operatorOf(ctx) })),
    })),
  /** Any workspace's payments, each saying whether it can be refunded. */
  workspacePayments: operatorProcedure
    .input(z.object({ ...listInput.shape, workspaceId }))
    .query(({ input }) => {
      const { workspaceId: id, ...page } = input;
      return paymentsForOperator(id, page);
    }),
  // The same service as `npm run admin -- refund-payment`: the credits go when the provider's event arrives.
  refundPayment: operatorProcedure
    .input(z.strictObject({ paymentId: z.string().trim().min(1).max(100) }))
    .mutation(({ ctx, input }) => refundPayment(input.paymentId, operatorOf(ctx))),
  setTier: operatorProcedure
    .input(z.strictObject({ workspaceId, tier }))
    .mutation(async ({ ctx, input }) => {
      await setTier(input.workspaceId, input.tier, operatorOf(ctx));
      return { workspaceId: input.workspaceId, tier: input.tier };
    }),
});
