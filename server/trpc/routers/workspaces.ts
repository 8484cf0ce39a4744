// The workspaces the signed-in user belongs to, and the header's switch between them. Open while
// a workspace holds the user at the two-factor set-up: switching is the way out of it.
import "server-only";
import { listWorkspaces, switchWorkspace } from "../../members/workspaces";
import { workspaceInput } from "../../members/schema";
import { router, signedInProcedure } from "../trpc";

export const workspacesRouter = router({
  list: signedInProcedure.query(({ ctx }) => listWorkspaces(ctx)),
  switch: signedInProcedure.input(workspaceInput).mutation(({ ctx, input }) => switchWorkspace(ctx, input.workspaceId)),
});
