const colours: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-800",
  PUT: "bg-amber-100 text-amber-800",
  DELETE: "bg-rose-100 text-rose-800",
};

export function MethodBadge({ method }: { method: string }) {
  return <span className={`inline-block w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-bold ${colours[method] ?? "bg-slate-100"}`}>{method}</span>;
}
