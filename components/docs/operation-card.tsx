// One operation of the reference: method, path, summary, scope, parameters, body and responses.
import { FieldTable } from "./field-table";
import { MethodBadge } from "./method-badge";
import { Prose } from "./prose";
import type { OperationView } from "./reference-model";
import { ResponseList } from "./response-list";

function Heading({ children }: { children: string }) {
  return <h4 className="mt-4 mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{children}</h4>;
}

export function OperationCard({ operation }: { operation: OperationView }) {
  return (
    <section id={operation.id} className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <MethodBadge method={operation.method} />
        <code className="font-mono text-sm font-semibold text-slate-900">{operation.path}</code>
        <span className="ml-auto rounded-full border border-slate-200 px-2 py-0.5 text-xs text-slate-600">
          {operation.scope ? (
            <>
              scope <code className="font-mono">{operation.scope}</code>
              {operation.bucket === "generate" && <> · bucket generate</>}
            </>
          ) : (
            "no key"
          )}
        </span>
      </div>
      <h3 className="mt-2 text-lg font-semibold text-slate-900">{operation.summary}</h3>
      <Prose text={operation.description} className="mt-1 text-sm text-slate-700" />
      {operation.parameters.length > 0 && (
        <>
          <Heading>Parameters</Heading>
          <FieldTable rows={operation.parameters} location />
        </>
      )}
      {operation.body && (
        <>
          <Heading>{`Request body (application/json${operation.body.schemaName ? `, ${operation.body.schemaName}` : ""})`}</Heading>
          <FieldTable rows={operation.body.fields} />
        </>
      )}
      <Heading>Responses</Heading>
      <ResponseList responses={operation.responses} />
    </section>
  );
}
