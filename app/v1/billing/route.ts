import { billingSummary } from "@/server/billing/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/billing — balance, reserved credits, tier and its discount
export const GET = withApiKey(async (_request, { key }) => Response.json(await billingSummary(key.workspaceId)), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
