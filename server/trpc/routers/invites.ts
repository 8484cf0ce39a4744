// An invitation's page: what it offers (to anyone holding the link) and accepting it (signed in
// as the invited address).
import "server-only";
import { acceptInvite, showInvite } from "../../members/invites";
import { inviteTokenInput } from "../../members/schema";
import { publicProcedure, router, signedInProcedure } from "../trpc";

export const invitesRouter = router({
  show: publicProcedure.input(inviteTokenInput).query(({ input }) => showInvite(input.token)),
  accept: signedInProcedure.input(inviteTokenInput).mutation(({ ctx, input }) => acceptInvite(ctx, input.token)),
});
