import { shownOnce } from "@/server/http/shown-once";
import { withApiKey } from "@/server/http/with-api-key";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseBody, parseQuery } from "@/server/http/parse-body";
import { createKey, listKeys } from "@/server/keys/service";
import { createKeyInput } from "@/server/keys/schema";
import { listInput } from "@/server/wire/page";

// GET /v1/api_keys — list this project's active keys (prefix and last4 only)
export const GET = withApiKey(async (request, { actor }) => Response.json(await listKeys(actor, parseQuery(request, listInput))), {
  scope: "read",
});

// POST /v1/api_keys — create a key in this project; the key is in this response only
export const POST = withApiKey(
  async (request, { actor }) => shownOnce(await createKey(actor, await parseBody(request, createKeyInput)), 201),
  { scope: "read_write" },
);

export const { PUT, PATCH, DELETE } = methodNotAllowed;
