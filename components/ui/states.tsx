// What a panel shows while its data loads, when there is none, and when loading failed.
import type { ReactNode } from "react";
import { plainMessage } from "@/components/console/plain-message";
import { Alert } from "./alert";
import { Button } from "./button";

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

/** A failed load in plain words, with Retry when the caller can ask again. */
export function LoadError({ error, retry }: { error: { message: string }; retry?: () => unknown }) {
  return (
    <Alert>
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span>Could not load this: {plainMessage(error.message)}</span>
        {retry && (
          <Button variant="secondary" className="py-1" onClick={() => void retry()}>
            Retry
          </Button>
        )}
      </span>
    </Alert>
  );
}
