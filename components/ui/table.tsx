import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/**
 * A data table that fits its card: on wide screens its columns share the card's width (long values
 * wrap); on a phone each row becomes a block of its cells, each cell led by its column's name (Td's
 * `label`), the headings hidden, so nothing hides off to the side. The scroller stays as a last resort.
 */
export function Table({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="relative -mx-5 overflow-x-auto px-5">
      <table
        className="w-full text-left text-sm max-md:block max-md:[&_tbody]:block max-md:[&_tfoot]:block max-md:[&_thead]:hidden max-md:[&_tr]:block max-md:[&_tr]:py-2"
        aria-label={label}
      >
        {children}
      </table>
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={`py-2 pr-4 text-xs font-medium uppercase tracking-wide text-slate-500 ${className}`} {...props} />;
}

const labelled =
  "max-md:flex max-md:gap-3 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:uppercase max-md:before:tracking-wide max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]";

/** A cell; `label` (its column's name) leads it on a phone, where the headings are hidden. */
export function Td({ className = "", label, children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={`py-2 pr-4 align-top max-md:max-w-none max-md:py-1 max-md:pr-0 max-md:text-left ${label ? labelled : "max-md:block"} ${className}`}
      {...props}
    >
      {/* One box beside the label on a phone, whatever the cell holds; no box at all on wide screens. */}
      {label ? <span className="min-w-0 flex-1 break-words md:contents">{children}</span> : children}
    </td>
  );
}

/** The last cell of a row, holding its buttons; pulled up so a button's text lines up with the row's text. */
export function ActionsTd({ children }: { children: ReactNode }) {
  return (
    <td className="py-2 text-right align-top max-md:block max-md:pt-2 max-md:text-left">
      <div className="-my-2 inline-flex flex-wrap justify-end gap-2 max-md:my-0 max-md:justify-start">{children}</div>
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
