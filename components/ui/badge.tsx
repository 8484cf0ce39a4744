import type { ReactNode } from "react";

const tones = {
  neutral: "bg-slate-100 text-slate-700",
  good: "bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200",
  busy: "bg-sky-50 text-sky-700 ring-1 ring-sky-200",
  warn: "bg-amber-50 text-amber-800 ring-1 ring-amber-200",
  bad: "bg-red-50 text-red-700 ring-1 ring-red-200",
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "neutral", children, testId }: { tone?: BadgeTone; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
