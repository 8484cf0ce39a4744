import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns. The scroller
 * is positioned, so that screen-reader-only labels in cells (absolutely placed) stay inside it
 * instead of widening the page.
 */
export function Table({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="relative -mx-5 overflow-x-auto px-5">
      <table className="w-full min-w-max text-left text-sm" aria-label={label}>
        {children}
      </table>
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={`py-2 pr-4 text-xs font-medium uppercase tracking-wide text-slate-500 ${className}`} {...props} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`py-2 pr-4 align-top ${className}`} {...props} />;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}
