import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { shownOnce } from "@/server/http/shown-once";
import { withApiKey } from "@/server/http/with-api-key";
import { listInput } from "@/server/wire/page";
import { createWebhookInput } from "@/server/webhooks/schema";
import { createWebhook, listWebhooks } from "@/server/webhooks/service";

// GET /v1/webhooks — this project's webhook endpoints, newest first
export const GET = withApiKey(async (request, { actor }) => Response.json(await listWebhooks(actor, parseQuery(request, listInput))), {
  scope: "read",
});

// POST /v1/webhooks — add an endpoint; its signing secret is in this answer only
export const POST = withApiKey(
  async (request, { actor }) => shownOnce(await createWebhook(actor, await parseBody(request, createWebhookInput)), 201),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
