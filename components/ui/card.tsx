import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A titled panel; `subtitle` adds what it is about (a project, a key's name) in plain case after the
 * title, and `action` sits at the right of the title (usually a CardLink to the page that manages it).
 */
export function Card({ title, subtitle, action, children, className = "", testId }: { title?: string; subtitle?: string; action?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`} data-testid={testId}>
      {(title || action) && (
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {title && (
            <h2 className="break-words text-sm font-semibold uppercase tracking-wide text-slate-500">
              {title}
              {subtitle && <span className="font-medium normal-case tracking-normal text-slate-500"> · {subtitle}</span>}
            </h2>
          )}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}

/** The link in a card's title row to where its subject is managed: "Manage instances →". */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="whitespace-nowrap text-sm font-medium text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline">
      {children} <span aria-hidden="true">→</span>
    </Link>
  );
}
