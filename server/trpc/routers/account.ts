// Accounts in the console: sign-up (signing in is next-auth's, see server/auth.ts).
import { signUp } from "../../accounts/service";
import { signUpInput } from "../../accounts/schema";
import { publicProcedure, router } from "../trpc";

export const accountRouter = router({
  signUp: publicProcedure.input(signUpInput).mutation(async ({ ctx, input }) => {
    const account = await signUp(input, { address: ctx.address });
    return { userId: account.userId, workspaceId: account.workspaceId };
  }),
});
