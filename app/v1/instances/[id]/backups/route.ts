import { listBackups } from "@/server/cloud/instances/snapshots";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/instances/{id}/backups — the instance's backups, newest first
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await listBackups(actor, params.id)), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
