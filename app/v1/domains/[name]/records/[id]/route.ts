import { deleteRecord, getRecord } from "@/server/cloud/domains/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/domains/{name}/records/{id} — one record of the domain
export const GET = withApiKey(
  async (_request, { actor, params }) => Response.json(await getRecord(actor, params.name, params.id)),
  { scope: "read" },
);

// DELETE /v1/domains/{name}/records/{id} — remove the record
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteRecord(actor, params.name, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT, PATCH } = methodNotAllowed;
