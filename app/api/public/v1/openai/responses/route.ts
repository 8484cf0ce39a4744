import { generationDoor } from "@/server/ai/doors/http-door";
import { responsesDoor } from "@/server/ai/doors/responses";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/openai/responses — OpenAI's Responses format (stateless); `model` names a product
export const POST = withApiKey(generationDoor(responsesDoor, "completions"), { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
