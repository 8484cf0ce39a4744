import { workspaceUsage } from "@/server/billing/service";
import { usageQuery } from "@/server/billing/schema";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/usage — usage by day, engine and project for the key's workspace
export const GET = withApiKey(async (request, { key }) => Response.json(await workspaceUsage(key.workspaceId, parseQuery(request, usageQuery))), {
  scope: "read",
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
