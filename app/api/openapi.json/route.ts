import { env } from "@/server/env";
import { requestOrigin } from "@/server/http/request-origin";
import { withoutKey } from "@/server/http/without-key";
import { openApiDocument } from "@/server/openapi/document";

// GET /api/openapi.json — the OpenAPI 3.1 document of both public APIs (no key; built once per process),
// its `servers` the configured public URL or the origin the request reached; never stored by a
// cache, since that origin differs from one request to the next
export const GET = withoutKey(async (request) => {
  const { openapi, info, ...rest } = openApiDocument();
  const url = env.PUBLIC_API_URL?.replace(/\/$/, "") ?? requestOrigin(request.headers) ?? new URL(request.url).origin;
  return Response.json({ openapi, info, servers: [{ url }], ...rest }, { headers: { "Cache-Control": "no-store" } });
});
