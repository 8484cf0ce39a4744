import { lowBalanceAlertInput } from "@/server/billing/schema";
import { getLowBalanceAlert, updateLowBalanceAlert } from "@/server/billing/low-balance-alert";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/billing/low_balance_alert — the low-balance threshold and whether the owners are mailed below it
export const GET = withApiKey(async (_request, { key }) => Response.json(await getLowBalanceAlert(key.workspaceId)), { scope: "read" });

// PATCH /v1/billing/low_balance_alert — change the threshold or the mail
export const PATCH = withApiKey(
  async (request, { actor }) => Response.json(await updateLowBalanceAlert(actor.workspaceId, await parseBody(request, lowBalanceAlertInput), actor.by)),
  { scope: "read_write" },
);

export const { POST, PUT, DELETE } = methodNotAllowed;
