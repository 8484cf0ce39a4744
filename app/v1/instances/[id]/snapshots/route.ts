import { snapshotInput } from "@/server/cloud/instances/schema";
import { createSnapshot } from "@/server/cloud/instances/snapshots";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// POST /v1/instances/{id}/snapshots — take a snapshot: pending, then available (202 with its action)
export const POST = withApiKey(
  async (request, { actor, params }) =>
    Response.json(await createSnapshot(actor, params.id, await parseBody(request, snapshotInput)), { status: 202 }),
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
