import { generationDoor } from "@/server/ai/doors/http-door";
import { openaiDoor } from "@/server/ai/doors/openai";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/openai/chat/completions — OpenAI-compatible chat completions; `model` names a product
export const POST = withApiKey(generationDoor(openaiDoor, "completions"), { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
