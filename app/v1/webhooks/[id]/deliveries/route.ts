import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { deliveryListInput } from "@/server/webhooks/schema";
import { listDeliveries } from "@/server/webhooks/service";

// GET /v1/webhooks/{id}/deliveries — the delivery log: every attempt, its answer and the next retry
export const GET = withApiKey(
  async (request, { actor, params }) => Response.json(await listDeliveries(actor, params.id, parseQuery(request, deliveryListInput))),
  { scope: "read" },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
