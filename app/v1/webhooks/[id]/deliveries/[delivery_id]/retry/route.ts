import { methodNotAllowed } from "@/server/http/not-routed";
import { parseEmptyBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { retryDelivery } from "@/server/webhooks/service";

// POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry — send the delivery again now (202)
export const POST = withApiKey(
  async (request, { actor, params }) => {
    await parseEmptyBody(request);
    return Response.json(await retryDelivery(actor, params.id, params.delivery_id), { status: 202 });
  },
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
