import { getGeneration } from "@/server/ai/generations/service";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/generations/{id} — one generation of the key's project (never its prompt or output)
export const GET = withApiKey(async (_request, { actor, params }) => Response.json(await getGeneration(actor, params.id)), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
