import { methodNotAllowed } from "@/server/http/not-routed";
import { parseEmptyBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { pingWebhook } from "@/server/webhooks/service";

// POST /v1/webhooks/{id}/ping — send a `webhook.ping` test event to this endpoint (202)
export const POST = withApiKey(
  async (request, { actor, params }) => {
    await parseEmptyBody(request);
    return Response.json(await pingWebhook(actor, params.id), { status: 202 });
  },
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
