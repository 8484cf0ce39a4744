import { chatCompletions } from "@/server/ai/doors/openai";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/openai/chat/completions — OpenAI-compatible chat completions; `model` names a product
export const POST = withApiKey(chatCompletions, { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
