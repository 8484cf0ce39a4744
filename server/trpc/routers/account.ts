// Accounts in the console: sign-up, email verification, passwords (change, and reset by mailed
// link) and sessions (listed, ended one by one or all at once). Signing in and out is next-auth's,
// see server/auth.ts.
import "server-only";
import { resendVerificationLink, verifyEmail } from "../../accounts/email-verification";
import { changePassword } from "../../accounts/password-change";
import { checkResetLink, requestPasswordReset, resetPassword } from "../../accounts/password-reset";
import { changePasswordInput, endSessionInput, requestPasswordResetInput, resetPasswordInput, signUpInput, verifyEmailInput } from "../../accounts/schema";
import { endMySession, mySessions } from "../../accounts/session-list";
import { endAllSessions } from "../../accounts/sessions";
import { requestSignUp } from "../../accounts/sign-up";
import { memberProcedure, publicProcedure, router, unbatchedProcedure } from "../trpc";

export const accountRouter = router({
  signUp: unbatchedProcedure.input(signUpInput).mutation(({ ctx, input }) => requestSignUp(input, { address: ctx.address, origin: ctx.origin })),
  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ input }) => verifyEmail(input.token)),
  resendVerification: memberProcedure.mutation(({ ctx }) => resendVerificationLink(ctx.userId, ctx.origin)),
  /** Ends every session of the signed-in user, this one included. */
  signOutEverywhere: memberProcedure.mutation(async ({ ctx }) => {
    await endAllSessions(ctx.userId, ctx.address);
    return { ended: true };
  }),
  sessions: memberProcedure.query(({ ctx }) => mySessions(ctx)),
  endSession: memberProcedure.input(endSessionInput).mutation(({ ctx, input }) => endMySession(ctx, input.sessionId)),
  // A wrong current password counts as a failed sign-in (per call, batched or not).
  changePassword: memberProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx, input)),
  requestPasswordReset: unbatchedProcedure.input(requestPasswordResetInput).mutation(({ ctx, input }) => requestPasswordReset(input.email, { address: ctx.address, origin: ctx.origin })),
  checkResetLink: publicProcedure.input(verifyEmailInput).query(({ input }) => checkResetLink(input.token)),
  resetPassword: unbatchedProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(input, ctx.address)),
});
