import { referenceHtml } from "@/components/docs/reference-html";
import type { Document } from "@/components/docs/reference-model";
import { tierLimitsOf } from "@/server/billing/tier-limits";
import { openApiDocument } from "@/server/openapi/document";

export const dynamic = "force-dynamic";

let page: { html: string; limits: string } | undefined;

// GET /docs — the API reference, one page of HTML rendered from the OpenAPI document (no script),
// its rate-limit example the starter tier's live limits (rendered again when an operator changes them).
export async function GET() {
  const limits = await tierLimitsOf("starter");
  const key = JSON.stringify(limits);
  if (page?.limits !== key) page = { html: referenceHtml(openApiDocument() as unknown as Document, limits), limits: key };
  return new Response(page.html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=300" } });
}
