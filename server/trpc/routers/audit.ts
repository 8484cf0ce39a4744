// The workspace's audit log for the console's Security page; the same service as /v1/audit_events.
import "server-only";
import { z } from "zod";
import { listAuditEvents } from "../../audit/service";
import { listInput } from "../../wire/page";
import { router, workspaceProcedure } from "../trpc";

export const auditRouter = router({
  // Not strict: infinite queries add `direction` next to `cursor`.
  list: workspaceProcedure.input(z.object(listInput.shape)).query(({ ctx, input }) => listAuditEvents({ workspaceId: ctx.workspaceId }, input)),
});
