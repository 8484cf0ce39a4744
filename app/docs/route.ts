import { referenceHtml } from "@/components/docs/reference-html";
import type { Document } from "@/components/docs/reference-model";
import { openApiDocument } from "@/server/openapi/document";

let page: string | undefined;

// GET /docs — the API reference, one page of HTML rendered from the OpenAPI document (no script)
export function GET() {
  page ??= referenceHtml(openApiDocument() as unknown as Document);
  return new Response(page, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
