import { createDomainInput } from "@/server/cloud/domains/schema";
import { createDomain, listDomains } from "@/server/cloud/domains/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/domains — list this project's domains, newest first
export const GET = withApiKey(async (request, { actor }) => Response.json(await listDomains(actor, parseQuery(request, listInput))), {
  scope: "read",
});

// POST /v1/domains — add a domain (DNS zone) to this project
export const POST = withApiKey(
  async (request, { actor }) => Response.json(await createDomain(actor, await parseBody(request, createDomainInput)), { status: 201 }),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
