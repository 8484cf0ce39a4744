import { messages, anthropicKey, anthropicNotRouted } from "@/server/ai/doors/anthropic-routes";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/anthropic/v1/messages — Anthropic-compatible messages; `model` names a product
export const POST = withApiKey(messages, { scope: "read_write", bucket: "generate", ...anthropicKey });

export const { GET, PUT, PATCH, DELETE } = anthropicNotRouted.methodNotAllowed;
