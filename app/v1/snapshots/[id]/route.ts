import { deleteSnapshot, getSnapshot } from "@/server/cloud/instances/snapshots";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/snapshots/{id} — one snapshot
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getSnapshot(actor, params.id)), { scope: "read" });

// DELETE /v1/snapshots/{id} — delete a snapshot (204)
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteSnapshot(actor, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT, PATCH } = methodNotAllowed;
