// The signed-in member's workspace: the console header and the dashboard.
import "server-only";
import { workspaceOf } from "../../workspaces/service";
import { router, signedInProcedure } from "../trpc";

export const workspaceRouter = router({
  // Open while the member is held at the two-factor set-up: the console's shell needs it.
  current: signedInProcedure.query(({ ctx }) => workspaceOf(ctx)),
});
