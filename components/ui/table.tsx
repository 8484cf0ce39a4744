import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table that scrolls sideways on narrow screens instead of squeezing its columns. `relative`
 * keeps absolutely placed children (a header's sr-only label) inside the scroller, not widening the page.
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

/** The last cell of a row, holding its buttons; pulled up so a button's text lines up with the row's text. */
export function ActionsTd({ children }: { children: ReactNode }) {
  return (
    <td className="py-2 text-right align-top">
      <div className="-my-2 inline-flex justify-end">{children}</div>
    </td>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

/** A list's table: its column headings (and an unnamed last column for the row's buttons), then its rows. */
export function ListTable({ label, columns, actions = false, children }: { label: string; columns: string[]; actions?: boolean; children: ReactNode }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <Th key={column}>{column}</Th>
          ))}
          {actions && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </thead>
      <TBody>{children}</TBody>
    </Table>
  );
}
