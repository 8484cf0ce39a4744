import { modelById } from "@/server/ai/openai-features";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/openai/models/{id} — one product as an OpenAI-style model (`scholar` or `switchyard/scholar`)
export const GET = withApiKey(async (_request, { params }) => Response.json(await modelById(params.id)), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
