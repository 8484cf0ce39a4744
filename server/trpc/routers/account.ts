// Accounts in the console: sign-up and "sign out everywhere" (signing in and out is next-auth's,
// see server/auth.ts).
import { signUp } from "../../accounts/service";
import { signUpInput } from "../../accounts/schema";
import { endSessions } from "../../accounts/sessions";
import { memberProcedure, publicProcedure, router } from "../trpc";

export const accountRouter = router({
  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    const account = await signUp(input, { address: ctx.address });
    return { userId: account.userId, workspaceId: account.workspaceId };
  }),
  /** Ends every session of the signed-in user, this one included. */
  signOutEverywhere: memberProcedure.mutation(async ({ ctx }) => {
    await endSessions(ctx.userId);
    return { ended: true };
  }),
});
