// What a panel shows while its data loads, when there is none, and when loading failed.
import type { ReactNode } from "react";
import { Alert } from "./alert";

export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-2">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="h-4 animate-pulse rounded bg-slate-100" style={{ width: `${90 - row * 15}%` }} />
      ))}
    </div>
  );
}

export function Empty({ title, children, testId }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center" data-testid={testId}>
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

export function LoadError({ error }: { error: { message: string } }) {
  return <Alert>Could not load this: {error.message}</Alert>;
}
