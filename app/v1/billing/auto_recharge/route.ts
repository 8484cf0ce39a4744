import { getAutoRecharge, updateAutoRecharge } from "@/server/billing/payments/auto-recharge";
import { autoRechargeInput } from "@/server/billing/payments/schema";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/billing/auto_recharge — the workspace's auto-recharge: threshold, target or amount, cap, saved card
export const GET = withApiKey(async (_request, { key }) => Response.json(await getAutoRecharge(key.workspaceId)), { scope: "read" });

// PATCH /v1/billing/auto_recharge — change it (turning it on needs a card saved in the console)
export const PATCH = withApiKey(
  async (request, { actor }) => Response.json(await updateAutoRecharge(actor.workspaceId, await parseBody(request, autoRechargeInput), actor.by)),
  { scope: "read_write" },
);

export const { POST, PUT, DELETE } = methodNotAllowed;
