// A table on wide screens; on a phone each row becomes a card whose cells carry their column's
// name, so nothing hides off to the side. For lists read row by row (logs, histories).
import type { ReactNode } from "react";

export function StackedTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="block w-full text-left text-sm md:table" aria-label={label}>
      <thead className="hidden md:table-header-group">
        <tr>
          {columns.map((column) => (
            <th key={column} className="py-2 pr-4 text-xs font-medium uppercase tracking-wide text-slate-500">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 md:table-row-group">{children}</tbody>
    </table>
  );
}

export function StackedRow({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <tr className="block space-y-1.5 py-3 md:table-row md:space-y-0 md:py-0" {...data}>
      {children}
    </tr>
  );
}

/** `label` is the column's name, shown beside the value on a phone only (the header says it on wide screens). */
export function StackedCell({ label, children, className = "", testId }: { label: string; children: ReactNode; className?: string; testId?: string }) {
  return (
    <td className="flex gap-3 md:table-cell md:py-2 md:pr-4 md:align-top">
      <span className="w-16 shrink-0 text-xs font-medium uppercase tracking-wide text-slate-500 md:hidden">
        {label}
      </span>
      <span className={`min-w-0 break-words ${className}`} data-testid={testId}>
        {children}
      </span>
    </td>
  );
}
