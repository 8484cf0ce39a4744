import { listTransactions } from "@/server/billing/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/billing/transactions — the ledger, newest first: top-ups, grants, and the key's own project's charges and refunds
export const GET = withApiKey(
  async (request, { key }) => Response.json(await listTransactions(key.workspaceId, parseQuery(request, listInput), key.projectId)),
  { scope: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
