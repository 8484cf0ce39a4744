import { listAuditEvents } from "@/server/audit/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { auditListInput } from "@/server/audit/schema";

// GET /v1/audit_events — the changes of the key's project, newest first, without client addresses;
// ?action=, ?actor_id=, ?target_id=, ?since=, ?until= narrow it; sign-ins and the workspace's other events are the console's
export const GET = withApiKey(async (request, { actor }) => Response.json(await listAuditEvents({ workspaceId: actor.workspaceId, projectId: actor.projectId }, parseQuery(request, auditListInput))), {
  scope: "read",
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
