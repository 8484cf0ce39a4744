import { listTransactions } from "@/server/billing/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { transactionQuery } from "@/server/billing/ledger-query";

// GET /v1/billing/transactions — the ledger, newest first: top-ups, grants, and the key's own project's charges and refunds (filtered by type, project, time)
export const GET = withApiKey(
  async (request, { key }) => Response.json(await listTransactions(key.workspaceId, parseQuery(request, transactionQuery), key.projectId)),
  { scope: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
