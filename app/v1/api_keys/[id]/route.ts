import { withApiKey } from "@/server/http/with-api-key";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { getKey, revokeKey, updateKey } from "@/server/keys/service";
import { updateKeyInput } from "@/server/keys/schema";

// GET /v1/api_keys/{id} — one key with its effective limits and this month's use
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getKey(actor, params.id)), { scope: "read" });

// PATCH /v1/api_keys/{id} — rename a key or change its limits (scope is fixed)
export const PATCH = withApiKey(
  async (request, { actor, params }) => Response.json(await updateKey(actor, params.id, await parseBody(request, updateKeyInput))),
  { scope: "read_write" },
);

// DELETE /v1/api_keys/{id} — revoke a key; refused from the very next request
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await revokeKey(actor, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT } = methodNotAllowed;
