import { generationDoor } from "@/server/http/generation-door";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";
import { openaiWire } from "@/server/http/openai-wire";

// POST /api/public/v1/openai/chat/completions — OpenAI-compatible chat completions; `model` names a product
export const POST = withApiKey(generationDoor(openaiWire, "completions"), { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
