import { responsesInputTokens } from "@/server/ai/doors/responses";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/openai/responses/input_tokens — the input tokens a response to this body would be metered for
export const POST = withApiKey(responsesInputTokens, { scope: "read_write" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
