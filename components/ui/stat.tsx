// One figure of a dashboard row (balance, reserved, spend, tier), labelled and explained.
import type { ReactNode } from "react";

/** A `unit` ("credits") is set smaller after the figure, so that two figures fit side by side on a phone. */
export function Stat({ label, value, unit, hint, testId }: { label: string; value: ReactNode; unit?: string; hint?: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 break-words text-xl font-semibold tabular-nums text-slate-900 sm:text-2xl" data-testid={testId}>
        {value}
        {unit && <span className="text-sm font-normal text-slate-500"> {unit}</span>}
      </p>
      {hint && <div className="mt-1 text-xs text-slate-500">{hint}</div>}
    </div>
  );
}
