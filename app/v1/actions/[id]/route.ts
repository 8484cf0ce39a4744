import { getAction } from "@/server/cloud/instances/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/actions/{id} — one action: type, status, started_at, completed_at
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getAction(actor, params.id)), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
