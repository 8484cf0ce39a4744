import { models, anthropicKey, anthropicNotRouted } from "@/server/ai/doors/anthropic-routes";
import { withApiKey } from "@/server/http/with-api-key";

// GET /api/public/v1/anthropic/v1/models — the products as Anthropic-style models
export const GET = withApiKey(models, { scope: "read", ...anthropicKey });

export const { POST, PUT, PATCH, DELETE } = anthropicNotRouted.methodNotAllowed;
