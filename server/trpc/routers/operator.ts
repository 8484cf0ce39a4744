// Operators' controls: live product rates, credit grants and tiers (the admin CLI's commands).
import { z } from "zod";
import type { AuditActor } from "../../audit/schema";
import { productIds } from "../../ai/products";
import { toMicro } from "../../billing/credits";
import { addCredits } from "../../billing/ledger";
import { allRates, rateView, setRate } from "../../billing/rates";
import { tierIds } from "../../billing/tiers";
import { setTier } from "../../workspaces/service";
import { memberProcedure, operatorProcedure, router } from "../trpc";
import { db } from "../../db";

const workspaceId = z.string().min(1).max(100);
/** The signed-in operator, as the audit log names them. */
const operatorOf = (ctx: { userId: string; address?: string | null }): AuditActor => ({ type: "operator", id: ctx.userId, address: ctx.address });
const perMillion = z.number().min(0).max(1_000_000);

export const operatorRouter = router({
  /** Whether the signed-in user is an operator (the console shows the controls then). */
  isOperator: memberProcedure.query(async ({ ctx }) => {
    const user = await db().user.findUnique({ where: { id: ctx.userId }, select: { operator: true } });
    return { operator: user?.operator ?? false };
  }),
  rates: operatorProcedure.query(async () => [...(await allRates())].map(([product, rates]) => ({ product, ...rateView(rates) }))),
  setRate: operatorProcedure
    .input(z.strictObject({ product: z.enum(productIds), input: perMillion, output: perMillion }))
    .mutation(({ ctx, input }) => setRate(input.product, input.input, input.output, operatorOf(ctx))),
  grantCredits: operatorProcedure
    .input(z.strictObject({ workspaceId, credits: z.number().positive().max(1_000_000) }))
    .mutation(async ({ ctx, input }) => ({
      balance: Number(await addCredits(input.workspaceId, toMicro(input.credits), { grantedBy: operatorOf(ctx) })) / 1_000_000,
    })),
  setTier: operatorProcedure
    .input(z.strictObject({ workspaceId, tier: z.enum(tierIds as [string, ...string[]]) }))
    .mutation(async ({ ctx, input }) => {
      await setTier(input.workspaceId, input.tier, operatorOf(ctx));
      return { workspaceId: input.workspaceId, tier: input.tier };
    }),
});
