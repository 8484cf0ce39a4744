import { deleteSshKey, getSshKey } from "@/server/cloud/ssh-keys/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/ssh_keys/{id} — one SSH key of this project
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getSshKey(actor, params.id)), { scope: "read" });

// DELETE /v1/ssh_keys/{id} — remove the key; instances already created with it keep it
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteSshKey(actor, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT, PATCH } = methodNotAllowed;
