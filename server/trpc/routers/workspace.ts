// The signed-in member's workspace: the console header and the dashboard.
import "server-only";
import { workspaceOf } from "../../workspaces/service";
import { memberProcedure, router } from "../trpc";

export const workspaceRouter = router({
  current: memberProcedure.query(({ ctx }) => workspaceOf({ userId: ctx.userId })),
});
