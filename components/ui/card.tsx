import type { ReactNode } from "react";

/** A titled panel; `subtitle` adds what it is about (a project, a key's name) in plain case after the title. */
export function Card({ title, subtitle, children, className = "" }: { title?: string; subtitle?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      {title && (
        <h2 className="mb-3 break-words text-sm font-semibold uppercase tracking-wide text-slate-500">
          {title}
          {subtitle && <span className="font-medium normal-case tracking-normal text-slate-400"> · {subtitle}</span>}
        </h2>
      )}
      {children}
    </section>
  );
}
