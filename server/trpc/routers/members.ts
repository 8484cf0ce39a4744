// A workspace's members and invitations (the Members page). What each role may call is in
// server/workspaces/roles.ts.
import "server-only";
import { changeRole, leaveWorkspace, listMembers, removeMember } from "../../members/members";
import { inviteMember, pendingInvites, revokeInvite } from "../../members/invites";
import { changeRoleInput, inviteIdInput, inviteInput, removeMemberInput } from "../../members/schema";
import { memberProcedure, router } from "../trpc";

export const membersRouter = router({
  list: memberProcedure.query(({ ctx }) => listMembers(ctx)),
  invites: memberProcedure.query(({ ctx }) => pendingInvites(ctx)),
  invite: memberProcedure.input(inviteInput).mutation(({ ctx, input }) => inviteMember(ctx, input)),
  revokeInvite: memberProcedure.input(inviteIdInput).mutation(({ ctx, input }) => revokeInvite(ctx, input.id)),
  changeRole: memberProcedure.input(changeRoleInput).mutation(({ ctx, input }) => changeRole(ctx, input.userId, input.role)),
  remove: memberProcedure.input(removeMemberInput).mutation(({ ctx, input }) => removeMember(ctx, input.userId, { revokeKeys: input.revokeKeys })),
  leave: memberProcedure.mutation(({ ctx }) => leaveWorkspace(ctx)),
});
