import { listPayments } from "@/server/billing/payments/checkout";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";

// GET /v1/billing/payments — the workspace's top-ups, auto-recharges, refunds and disputes, newest first
export const GET = withApiKey(async (request, { key }) => Response.json(await listPayments(key.workspaceId, parseQuery(request, listInput))), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
