// Two-factor sign-in of the signed-in user (the Security page). Status, start and confirm stay
// open to a member whose workspace holds them at the set-up; calls that try a code come alone
// (not in a batch), so one request tries one code. Turning it on asks for the password too.
import "server-only";
import { userActor } from "../../actor";
import { z } from "zod";
import { confirmTwoFactorInput, disableTwoFactorInput, twoFactorCodeInput } from "../../accounts/schema";
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, startTwoFactor, twoFactorStatus } from "../../accounts/two-factor/service";
import { currentMembership } from "../../workspaces/membership";
import { setTwoFactorRequirement } from "../../workspaces/two-factor-requirement";
import { alone, memberProcedure, router, signedInProcedure } from "../trpc";

export const twoFactorRouter = router({
  status: signedInProcedure.query(async ({ ctx }) => ({ ...(await twoFactorStatus(ctx.userId)), setUpRequired: (await currentMembership(ctx)).mustSetUpTwoFactor })),
  start: signedInProcedure.mutation(({ ctx }) => startTwoFactor(ctx.userId)),
  confirm: signedInProcedure.use(alone).input(confirmTwoFactorInput).mutation(({ ctx, input }) => {
    return confirmTwoFactor(ctx.userId, input, { ...userActor(ctx), sessionId: ctx.sessionId });
  }),
  disable: memberProcedure.use(alone).input(disableTwoFactorInput).mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.userId, input, userActor(ctx));
    return { enabled: false };
  }),
  regenerateRecoveryCodes: memberProcedure.use(alone).input(twoFactorCodeInput).mutation(({ ctx, input }) => {
    return regenerateRecoveryCodes(ctx.userId, input.code, userActor(ctx));
  }),
  /** Every member of the workspace must sign in with a second factor. */
  setWorkspaceRequirement: memberProcedure
    .input(z.strictObject({ required: z.boolean() }))
    .mutation(({ ctx, input }) => setTwoFactorRequirement(ctx, input.required, userActor(ctx))),
});
