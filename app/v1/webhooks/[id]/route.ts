import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";
import { updateWebhookInput } from "@/server/webhooks/schema";
import { deleteWebhook, getWebhook, updateWebhook } from "@/server/webhooks/service";

// GET /v1/webhooks/{id} — one endpoint
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getWebhook(actor, params.id)), { scope: "read" });

// PATCH /v1/webhooks/{id} — change url, events, description; enable or disable
export const PATCH = withApiKey(
  async (request, { actor, params }) => Response.json(await updateWebhook(actor, params.id, await parseBody(request, updateWebhookInput))),
  { scope: "read_write" },
);

// DELETE /v1/webhooks/{id} — remove the endpoint and its delivery log
export const DELETE = withApiKey(
  async (_request, { actor, params }) => {
    await deleteWebhook(actor, params.id);
    return new Response(null, { status: 204 });
  },
  { scope: "read_write" },
);

export const { POST, PUT } = methodNotAllowed;
