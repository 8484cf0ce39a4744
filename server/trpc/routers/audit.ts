// The workspace's audit log for the console's Security page; the same service as /v1/audit_events.
import "server-only";
import { z } from "zod";
import { listAuditEvents } from "../../audit/service";
import { auditListInput } from "../../audit/schema";
import { router, workspaceProcedure } from "../trpc";

export const auditRouter = router({
  // Not strict: infinite queries add `direction` next to `cursor`. Filters as on the REST list.
  list: workspaceProcedure.input(z.object(auditListInput.shape)).query(({ ctx, input }) => listAuditEvents({ workspaceId: ctx.workspaceId }, input)),
});
