// Accounts in the console: sign-up, email verification and "sign out everywhere" (signing in and
// out is next-auth's, see server/auth.ts).
import "server-only";
import { resendVerificationLink, verifyEmail } from "../../accounts/email-verification";
import { signUpInput, verifyEmailInput } from "../../accounts/schema";
import { endAllSessions } from "../../accounts/sessions";
import { requestSignUp } from "../../accounts/sign-up";
import { memberProcedure, publicProcedure, router, unbatchedProcedure } from "../trpc";

export const accountRouter = router({
  signUp: unbatchedProcedure.input(signUpInput).mutation(({ ctx, input }) => requestSignUp(input, { address: ctx.address, origin: ctx.origin })),
  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ input }) => verifyEmail(input.token)),
  resendVerification: memberProcedure.mutation(({ ctx }) => resendVerificationLink(ctx.userId, ctx.origin)),
  /** Ends every session of the signed-in user, this one included. */
  signOutEverywhere: memberProcedure.mutation(async ({ ctx }) => {
    await endAllSessions(ctx.userId, { type: "user", id: ctx.userId, address: ctx.address });
    return { ended: true };
  }),
});
