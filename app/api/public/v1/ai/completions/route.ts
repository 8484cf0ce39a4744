import { generationDoor } from "@/server/http/generation-door";
import { nativeWire } from "@/server/http/native-wire";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/ai/completions — generate an answer (JSON, or server-sent events with stream: true)
export const POST = withApiKey(generationDoor(nativeWire, "completions"), { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
