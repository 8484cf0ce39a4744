import { methodNotAllowed } from "@/server/http/not-routed";
import { parseEmptyBody } from "@/server/http/parse-body";
import { shownOnce } from "@/server/http/shown-once";
import { withApiKey } from "@/server/http/with-api-key";
import { rotateWebhookSecret } from "@/server/webhooks/service";

// POST /v1/webhooks/{id}/rotate_secret — a new secret, shown once; the old one signs beside it for 24 h
export const POST = withApiKey(
  async (request, { actor, params }) => {
    await parseEmptyBody(request);
    return shownOnce(await rotateWebhookSecret(actor, params.id), 200);
  },
  { scope: "read_write" },
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
