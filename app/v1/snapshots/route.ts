import { listSnapshots } from "@/server/cloud/instances/snapshots";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/snapshots — this project's snapshots, newest first
export const GET = withApiKey(async (request, { actor }) => Response.json(await listSnapshots(actor, parseQuery(request, listInput))), {
  scope: "read",
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
