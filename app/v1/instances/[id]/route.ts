import { updateInstanceInput } from "@/server/cloud/instances/schema";
import { deleteInstance, getInstance, updateInstance } from "@/server/cloud/instances/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/instances/{id} — one instance
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getInstance(actor, params.id)), { scope: "read" });

// PATCH /v1/instances/{id} — hostname and backups (200); a plan change resizes (202 with its action)
export const PATCH = withApiKey(
  async (request, { actor, params }) => {
    const changed = await updateInstance(actor, params.id, await parseBody(request, updateInstanceInput));
    return Response.json(changed, { status: "action" in changed ? 202 : 200 });
  },
  { scope: "read_write" },
);

// DELETE /v1/instances/{id} — delete an instance: deleting, then deleted (202)
export const DELETE = withApiKey(async (_request, { actor, params }) => Response.json(await deleteInstance(actor, params.id), { status: 202 }), {
  scope: "read_write",
});

export const { POST, PUT } = methodNotAllowed;
