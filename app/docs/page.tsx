// The API reference, rendered on the server from the generated OpenAPI document (no client code,
// nothing loaded from elsewhere).
import type { Metadata } from "next";
import { DocsNav } from "@/components/docs/docs-nav";
import { FieldTable } from "@/components/docs/field-table";
import { OperationCard } from "@/components/docs/operation-card";
import { Prose } from "@/components/docs/prose";
import { errorFields, referenceModel, type Document } from "@/components/docs/reference-model";
import { openApiDocument } from "@/server/openapi/document";

export const metadata: Metadata = { title: "API reference · Switchyard" };

function Basics({ document }: { document: Document }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 text-sm text-slate-700 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">Basics</h2>
      <Prose text="Authenticate with `Authorization: Bearer swk_...`. A key belongs to one project and has scope `read` (GETs) or `read_write` (generation and every change); each operation below names the scope it needs." />
      <Prose text='Every keyed answer carries `RateLimit-Policy: "api";q=300;w=60` and `RateLimit: "api";r=299;t=1` (two buckets per key: `generate` for AI generation, `api` for the rest); a 429 adds `Retry-After`.' />
      <Prose text="Every POST, PATCH and DELETE that needs a key takes an optional `Idempotency-Key` header (a streaming generation ignores it): a retry with the same key and request replays the stored answer (`Idempotent-Replayed: true`)." />
      <Prose text="Every error, on every route, is this JSON envelope with the code named per operation below:" />
      <FieldTable rows={errorFields(document)} />
    </section>
  );
}

export default function DocsPage() {
  const document = openApiDocument() as unknown as Document;
  const tags = referenceModel(document);
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-8">
      <aside className="sticky top-8 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto lg:block">
        <DocsNav tags={tags} />
      </aside>
      <main className="min-w-0 flex-1 space-y-8">
        <header className="space-y-2">
          <h1 className="text-3xl font-bold text-slate-900">{document.info.title}</h1>
          <Prose text={document.info.description} className="text-slate-700" />
          <p className="text-sm text-slate-500">
            Version {document.info.version} · the machine-readable document:{" "}
            <a href="/api/openapi.json" className="font-mono text-slate-900 underline">
              /api/openapi.json
            </a>{" "}
            (OpenAPI 3.1)
          </p>
        </header>
        <Basics document={document} />
        {tags.map((tag) => (
          <section key={tag.name} id={tag.name.replace(/\W+/g, "-").toLowerCase()} className="scroll-mt-4 space-y-4">
            <div>
              <h2 className="text-2xl font-semibold text-slate-900">{tag.name}</h2>
              <Prose text={tag.description} className="text-slate-600" />
            </div>
            {tag.operations.map((operation) => (
              <OperationCard key={operation.id} operation={operation} />
            ))}
          </section>
        ))}
      </main>
    </div>
  );
}
