import { listAuditEvents } from "@/server/audit/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/keys/schema";

// GET /v1/audit_events — the key's workspace's audit log (every project), newest first
export const GET = withApiKey(async (request, { actor }) => Response.json(await listAuditEvents(actor.workspaceId, parseQuery(request, listInput))), {
  scope: "read",
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
