import { deleteDomain, getDomain } from "@/server/cloud/domains/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/domains/{name} — one domain of this project
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getDomain(actor, params.name)), { scope: "read" });

// DELETE /v1/domains/{name} — remove the domain and every record in it
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteDomain(actor, params.name);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT, PATCH } = methodNotAllowed;
