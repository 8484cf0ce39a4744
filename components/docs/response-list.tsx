// An operation's answers: successes with their body fields (and stream format), errors with their codes.
import { FieldTable } from "./field-table";
import { Prose } from "./prose";
import type { ResponseView } from "./reference-model";

function Status({ status }: { status: string }) {
  const ok = Number(status) < 400;
  return <span className={`inline-block w-12 font-mono text-sm font-bold ${ok ? "text-emerald-700" : "text-rose-700"}`}>{status}</span>;
}

function Success({ response }: { response: ResponseView }) {
  return (
    <li className="space-y-2 py-2">
      <div className="flex gap-2">
        <Status status={response.status} />
        <Prose text={response.description} className="flex-1 text-sm text-slate-700" />
      </div>
      {response.media.map((media) => (
        <div key={media.type} className="ml-14 space-y-1">
          <p className="text-xs text-slate-500">
            <code className="font-mono">{media.type}</code>
            {media.schemaName && <> — {media.schemaName}</>}
          </p>
          <Prose text={media.description} className="text-sm text-slate-700" />
          <FieldTable rows={media.fields} />
          {media.example && <pre className="overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">{media.example}</pre>}
        </div>
      ))}
      {response.headers.length > 0 && <p className="ml-14 text-xs text-slate-500">Headers: {response.headers.join(", ")}</p>}
    </li>
  );
}

function Failure({ response }: { response: ResponseView }) {
  return (
    <li className="flex gap-2 py-1">
      <Status status={response.status} />
      <span className="flex flex-wrap gap-1">
        {response.errorCodes.map((code) => (
          <code key={code} className="rounded bg-rose-50 px-1.5 py-0.5 font-mono text-xs text-rose-800">
            {code}
          </code>
        ))}
      </span>
    </li>
  );
}

export function ResponseList({ responses }: { responses: ResponseView[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {responses.map((response) =>
        Number(response.status) < 400 ? <Success key={response.status} response={response} /> : <Failure key={response.status} response={response} />,
      )}
    </ul>
  );
}
