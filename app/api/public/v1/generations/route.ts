import { generationQuery } from "@/server/ai/generations/schema";
import { listGenerations } from "@/server/ai/generations/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { parseQuery } from "@/server/http/parse-body";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/generations — the key's project's generations, newest first, with filters
export const GET = withApiKey(async (request, { actor }) => Response.json(await listGenerations(actor, parseQuery(request, generationQuery))), {
  scope: "read",
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
