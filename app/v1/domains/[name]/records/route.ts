import { createRecordInput } from "@/server/cloud/domains/schema";
import { createRecord, listRecords } from "@/server/cloud/domains/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/domains/{name}/records — list the domain's records, newest first
export const GET = withApiKey(
  async (request, { actor, params }) => Response.json(await listRecords(actor, params.name, parseQuery(request, listInput))),
  { scope: "read" },
);

// POST /v1/domains/{name}/records — add an A, AAAA, CNAME, TXT or MX record
export const POST = withApiKey(
  async (request, { actor, params }) =>
    Response.json(await createRecord(actor, params.name, await parseBody(request, createRecordInput)), { status: 201 }),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
