import { currentImages } from "@/server/cloud/images";
import { methodNotAllowed } from "@/server/http/not-routed";
import { withApiKey } from "@/server/http/with-api-key";

// GET /v1/images — the images new instances can be made from on this cloud's engine
export const GET = withApiKey(async () => Response.json({ images: currentImages() }), { scope: "read" });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed;
