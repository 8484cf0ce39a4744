import { model, anthropicKey, anthropicNotRouted } from "@/server/ai/doors/anthropic-routes";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/anthropic/v1/models/{id} — one product as an Anthropic-style model (`scholar` or `switchyard/scholar`)
export const GET = withApiKey(model, { scope: "read", ...anthropicKey });

export const { POST, PUT, PATCH, DELETE } = anthropicNotRouted.methodNotAllowed;
