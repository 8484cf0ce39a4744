"use client";
// The ledger's filters (type, project, UTC days) and its CSV export of every movement they select.
import { useState } from "react";
import { DayRangeFields, FilterSelect, ListFilters } from "@/components/console/list-filters";
import { useProject } from "@/components/console/project-context";
import { useTRPCClient } from "@/components/providers";
import { Button } from "@/components/ui/button";
import type { TransactionQuery } from "@/server/billing/ledger-query";
import { ledgerCsv, MAX_CSV_ROWS, type LedgerRow } from "./ledger-csv";

export type LedgerFilterValues = { type: string; project_id: string; since: string; until: string };
export const noLedgerFilters: LedgerFilterValues = { type: "", project_id: "", since: "", until: "" };
/** The filters that are set, as the query takes them (the type select offers only its types). */
export const ledgerQuery = (chosen: Partial<LedgerFilterValues>) => chosen as Pick<TransactionQuery, "project_id" | "since" | "until"> & { type?: TransactionQuery["type"] };
type Set = (field: keyof LedgerFilterValues) => (event: { target: { value: string } }) => void;

const types = [
  { value: "charge", label: "Charges" },
  { value: "grant", label: "Grants" },
  { value: "top_up", label: "Top-ups" },
  { value: "refund", label: "Refunds" },
  { value: "reversal", label: "Reversals" },
];

export function LedgerFilters({ filters, set, chosen }: { filters: LedgerFilterValues; set: Set; chosen: Partial<LedgerFilterValues> }) {
  const { projects } = useProject();
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <ListFilters label="Filter the ledger" set={Object.keys(chosen).length} className="sm:grid-cols-2 lg:grid-cols-4">
        <FilterSelect label="Type" any="Any type" value={filters.type} onChange={set("type")} options={types} />
        <FilterSelect label="Project" any="Any project" value={filters.project_id} onChange={set("project_id")} options={projects.map((p) => ({ value: p.id, label: p.name }))} />
        <DayRangeFields since={filters.since} until={filters.until} set={set} />
      </ListFilters>
      <ExportCsv chosen={chosen} />
    </div>
  );
}

/** Fetches every page the filters select (up to MAX_CSV_ROWS) and hands the browser a CSV file. */
function ExportCsv({ chosen }: { chosen: Partial<LedgerFilterValues> }) {
  const client = useTRPCClient();
  const { projects } = useProject();
  const [state, setState] = useState<{ busy: boolean; error?: string; note?: string }>({ busy: false });
  const run = async () => {
    setState({ busy: true });
    try {
      const rows: LedgerRow[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.billing.transactions.query({ ...ledgerQuery(chosen), limit: 100, ...(cursor ? { cursor } : {}) });
        rows.push(...page.transactions);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && rows.length < MAX_CSV_ROWS);
      const name = (id: string | null) => projects.find((p) => p.id === id)?.name ?? "";
      const url = URL.createObjectURL(new Blob([ledgerCsv(rows.slice(0, MAX_CSV_ROWS), name)], { type: "text/csv;charset=utf-8" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: `ledger-${new Date().toISOString().slice(0, 10)}.csv` });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ busy: false, note: rows.length > MAX_CSV_ROWS ? `The first ${MAX_CSV_ROWS.toLocaleString("en-US")} movements; narrow the filters for the rest.` : `${rows.length} movement${rows.length === 1 ? "" : "s"}.` });
    } catch {
      setState({ busy: false, error: "Could not export the ledger. Check your connection and try again." });
    }
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" disabled={state.busy} onClick={() => void run()}>
        {state.busy ? "Exporting…" : "Export CSV"}
      </Button>
      <span role="status" className="text-xs text-slate-600" data-testid="ledger-export-status">
        {state.error ?? state.note ?? ""}
      </span>
    </div>
  );
}
