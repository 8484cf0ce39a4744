// The ledger as CSV (RFC 4180: quoted where a value holds a comma, a quote or a line break), with
// amounts in the ledger's one format for credits, and a value a spreadsheet would run as a formula
// (=, +, -, @ first) led by a quote mark. Every page of the filtered ledger, up to MAX_CSV_ROWS.
export const MAX_CSV_ROWS = 10_000;

export type LedgerRow = {
  id: string; type: string; amount: number; balance_after: number; description: string;
  resource: string | null; project_id: string | null; created_at: string;
};

const HEADER = ["id", "created_at", "type", "amount", "balance_after", "description", "resource", "project_id", "project"];

/** Exact credits, six decimals, no grouping: what a spreadsheet reads as a number. */
export const csvCredits = (credits: number) => credits.toFixed(6);

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function ledgerCsv(rows: LedgerRow[], projectName: (id: string | null) => string): string {
  const lines = rows.map((row) =>
    [row.id, row.created_at, row.type, csvCredits(row.amount), csvCredits(row.balance_after), row.description, row.resource ?? "", row.project_id ?? "", row.project_id ? projectName(row.project_id) : ""]
      .map(cell)
      .join(","),
  );
  return `${[HEADER.join(","), ...lines].join("\r\n")}\r\n`;
}
