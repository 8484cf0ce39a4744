// Fields of a body, a response or a parameter list: name, type, required, description.
import type { FieldRow } from "./schema-fields";
import { Prose } from "./prose";

export function FieldTable({ rows, location }: { rows: (FieldRow & { in?: string })[]; location?: boolean }) {
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th className="py-1.5 pr-4 font-medium">Name</th>
            {location && <th className="py-1.5 pr-4 font-medium">In</th>}
            <th className="py-1.5 pr-4 font-medium">Type</th>
            <th className="py-1.5 pr-4 font-medium">Required</th>
            <th className="py-1.5 font-medium">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.in ?? ""}${row.name}`} className="border-b border-slate-100 align-top">
              <td className="py-1.5 pr-4 font-mono text-xs text-slate-900">{row.name}</td>
              {location && <td className="py-1.5 pr-4 text-xs text-slate-500">{row.in}</td>}
              <td className="max-w-64 py-1.5 pr-4 font-mono text-xs break-words text-slate-600">{row.type}</td>
              <td className="py-1.5 pr-4 text-xs">{row.required ? <span className="font-semibold text-slate-900">required</span> : <span className="text-slate-400">optional</span>}</td>
              <td className="py-1.5 text-slate-700">
                <Prose text={row.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
