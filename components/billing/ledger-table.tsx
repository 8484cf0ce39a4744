"use client";
// Every movement of credits, newest first (as GET /v1/billing/transactions), a page at a time,
// filtered by type, project and days (ledger-filters.tsx, with the CSV export). Amounts and balances
// in one format: signed, six decimals (whole micro-credits), so the column's points line up.
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useListFilters } from "@/components/console/list-filters";
import { useProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { PagedList } from "@/components/ui/paged-list";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Empty } from "@/components/ui/states";
import { Table, TBody, Td, Th } from "@/components/ui/table";
import { Moment } from "@/components/ui/moment";
import { LedgerFilters, ledgerQuery, noLedgerFilters } from "./ledger-filters";

const kinds: Record<string, { label: string; tone: BadgeTone }> = {
  grant: { label: "grant", tone: "good" },
  top_up: { label: "top-up", tone: "good" },
  refund: { label: "refund", tone: "busy" },
  reversal: { label: "reversal", tone: "bad" },
  charge: { label: "charge", tone: "neutral" },
};

/** What a charge paid for: an instance or a generation (a link to it); nothing for grants and top-ups. */
function PaidFor({ resource }: { resource: string | null }) {
  if (!resource) return <span className="text-slate-500">—</span>;
  if (resource.startsWith("ins_")) {
    return (
      <Link href={`/instances/${resource}`} className="font-mono text-xs underline">
        {resource}
      </Link>
    );
  }
  if (resource.startsWith("gen_")) {
    return (
      <Link href={`/activity/${resource}`} className="font-mono text-xs underline">
        {resource}
      </Link>
    );
  }
  return <code className="font-mono text-xs">{resource}</code>;
}

/** The description without the id the "Paid for" column already shows ("Generation gen_… (scholar)" → "Generation (scholar)"). */
const described = (description: string, resource: string | null) => (resource ? description.replace(resource, "").replace(/\s{2,}/g, " ").trim() : description);

/** The ledger's one format for credits: six decimals, grouped thousands. */
const ledgerCredits = (credits: number) => credits.toLocaleString("en-US", { minimumFractionDigits: 6, maximumFractionDigits: 6 });
const signed = (amount: number) => `${amount > 0 ? "+" : amount < 0 ? "−" : ""}${ledgerCredits(Math.abs(amount))}`;

export function LedgerTable() {
  const trpc = useTRPC();
  const { projects } = useProject();
  const { filters, set, chosen } = useListFilters(noLedgerFilters);
  const ledger = useInfiniteQuery(
    trpc.billing.transactions.infiniteQueryOptions({ limit: 20, ...ledgerQuery(chosen) }, { getNextPageParam: (page) => page.next_cursor ?? undefined, staleTime: 0 }),
  );
  const projectName = (id: string | null) => (id ? (projects.find((p) => p.id === id)?.name ?? id) : "—");
  return (
    <div className="space-y-4">
      <LedgerFilters filters={filters} set={set} chosen={chosen} />
      <PagedList
        pages={ledger}
        rowsOf={(page) => page.transactions}
        loading="Loading the ledger"
        empty={
          Object.keys(chosen).length ? (
            <Empty title="No movements match">Change or clear the filters.</Empty>
          ) : (
            <Empty title="No movements yet">Grants, top-ups and charges show here.</Empty>
          )
        }
        keepRowsOnMoreError
      >
        {(rows) => (
          <Table label="Ledger">
            <thead>
              <tr>
                <Th>What</Th>
                <Th className="text-right">Amount</Th>
                <Th className="text-right">Balance after</Th>
                <Th>When</Th>
                <Th>Paid for</Th>
                <Th>Project</Th>
              </tr>
            </thead>
            <TBody>
              {rows.map((entry) => {
                const kind = kinds[entry.type] ?? { label: entry.type, tone: "neutral" as const };
                return (
                  <tr key={entry.id} data-testid="ledger-row">
                    <Td label="What" className="max-w-[18rem]">
                      <span className="flex min-w-0 items-center gap-2">
                        <Badge tone={kind.tone}>{kind.label}</Badge>
                        <span className="truncate" title={entry.description}>
                          {described(entry.description, entry.resource)}
                        </span>
                      </span>
                    </Td>
                    <Td label="Amount" className={`text-right tabular-nums ${entry.amount > 0 ? "text-emerald-700" : "text-slate-900"}`} data-testid="ledger-amount">
                      {signed(entry.amount)}
                    </Td>
                    <Td label="Balance after" className="text-right tabular-nums text-slate-600">{ledgerCredits(entry.balance_after)}</Td>
                    <Td label="When" className="whitespace-nowrap text-slate-600"><Moment at={entry.created_at} /></Td>
                    <Td label="Paid for" className="break-all" data-testid="ledger-resource">
                      <PaidFor resource={entry.resource} />
                    </Td>
                    <Td label="Project" className="max-w-[12rem] truncate text-slate-600">{projectName(entry.project_id)}</Td>
                  </tr>
                );
              })}
            </TBody>
          </Table>
        )}
      </PagedList>
    </div>
  );
}
