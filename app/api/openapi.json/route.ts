import { withoutKey } from "@/server/http/without-key";
import { openApiDocument } from "@/server/openapi/document";

// GET /api/openapi.json — the OpenAPI 3.1 document of both public APIs (no key; built once per process)
export const GET = withoutKey(async () => Response.json(openApiDocument()));
