import { updateRecordInput } from "@/server/cloud/domains/schema";
import { deleteRecord, getRecord, updateRecord } from "@/server/cloud/domains/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/domains/{name}/records/{id} — one record of the domain
export const GET = withApiKey(
  async (_request, { actor, params }) => Response.json(await getRecord(actor, params.name, params.id)),
  { scope: "read" },
);

// PATCH /v1/domains/{name}/records/{id} — change the record's name, value, TTL or priority (same checks as create)
export const PATCH = withApiKey(
  async (request, { actor, params }) => Response.json(await updateRecord(actor, params.name, params.id, await parseBody(request, updateRecordInput))),
  { scope: "read_write" },
);

// DELETE /v1/domains/{name}/records/{id} — remove the record
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteRecord(actor, params.name, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT } = methodNotAllowed;
