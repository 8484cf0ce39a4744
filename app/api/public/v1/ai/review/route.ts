import { generationDoor } from "@/server/ai/doors/http-door";
import { nativeDoor } from "@/server/ai/doors/native";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// POST /api/public/v1/ai/review — review with sentinel (JSON, or server-sent events with stream: true)
export const POST = withApiKey(generationDoor(nativeDoor, "review"), { scope: "read_write", bucket: "generate" });

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed;
