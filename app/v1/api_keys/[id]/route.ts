import { withApiKey } from "@/server/http/with-api-key";
import { methodNotAllowed } from "@/server/http/not-routed";
import { revokeKey } from "@/server/keys/service";

// DELETE /v1/api_keys/{id} — revoke a key; refused from the very next request
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await revokeKey(actor, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { GET, POST, PUT, PATCH } = methodNotAllowed;
