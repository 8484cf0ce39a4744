import { countTokens, anthropicKey, anthropicNotRouted } from "@/server/ai/doors/anthropic-routes";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/anthropic/v1/messages/count_tokens — the input tokens a messages request would be metered for
export const POST = withApiKey(countTokens, { scope: "read_write", ...anthropicKey });

export const { GET, PUT, PATCH, DELETE } = anthropicNotRouted.methodNotAllowed;
