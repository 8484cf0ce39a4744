import { createBackup, listBackups } from "@/server/cloud/instances/backups";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseEmptyBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/instances/{id}/backups — the instance's backups, newest first, each with its action
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await listBackups(actor, params.id)), { scope: "read" });

// POST /v1/instances/{id}/backups — take a backup now: pending, then available (202 with its action)
export const POST = withApiKey(
  async (request, { actor, params }) => {
    await parseEmptyBody(request);
    return Response.json(await createBackup(actor, params.id), { status: 202 });
  },
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
