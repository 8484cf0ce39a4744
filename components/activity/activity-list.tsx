"use client";
// The project's generations, newest first (as GET /api/public/v1/generations), filtered by key,
// product, status and day; each opens its detail. Never the prompt or the output: they are not kept.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { creditAmount } from "@/components/console/format-credits";
import { formatTime } from "@/components/console/format-time";
import { useProject } from "@/components/console/project-context";
import { useRole } from "@/components/console/role";
import { DayRangeFields, FilterSelect, ListFilters, useListFilters } from "@/components/console/list-filters";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ListTable, Td } from "@/components/ui/table";
import { productIds } from "@/server/vocab/products";
import { GenerationStatus, milliseconds } from "./generation-status";
import { Moment } from "@/components/ui/moment";

const statuses = ["completed", "failed", "cancelled"] as const;
type Filters = { key_id: string; product: string; status: string; since: string; until: string };
const none: Filters = { key_id: "", product: "", status: "", since: "", until: "" };


export function ActivityList() {
  const trpc = useTRPC();
  const { project } = useProject();
  const { filters, set, chosen } = useListFilters(none);
  // The project's keys are a developer's (server/workspaces/roles.ts): a viewer filters by the rest.
  const byKey = useRole().allows("developer");
  const keys = useQuery({ ...trpc.apiKeys.list.queryOptions({ projectId: project.id, limit: 100 }), enabled: byKey });
  const generations = useInfiniteQuery(
    trpc.generations.list.infiniteQueryOptions({ projectId: project.id, limit: 50, ...chosen }, afterCursor),
  );
  return (
    <div className="space-y-4">
      <ListFilters label="Filter generations" set={Object.keys(chosen).length} className="sm:grid-cols-3 lg:grid-cols-5">
        {byKey && <FilterSelect label="Key" any="Any key" value={filters.key_id} onChange={set("key_id")} options={(keys.data?.api_keys ?? []).map((key) => ({ value: key.id, label: key.name }))} />}
        <FilterSelect label="Product" any="Any product" value={filters.product} onChange={set("product")} options={productIds.map((id) => ({ value: id, label: id }))} />
        <FilterSelect label="Status" any="Any status" value={filters.status} onChange={set("status")} options={statuses.map((status) => ({ value: status, label: status }))} />
        <DayRangeFields since={filters.since} until={filters.until} set={set} />
      </ListFilters>
      <PagedList
        pages={generations}
        rowsOf={(page) => page.generations}
        loading="Loading generations"
        empty={
          <Empty title="No generations match" testId="no-generations">
            Generations of this project&apos;s keys and of the playground show here, failed ones too.
          </Empty>
        }
      >
        {(rows) => (
          <ListTable label="Generations" columns={["When", "Product", "Endpoint", "Key", "Status", "Tokens in / out", "Credits", "Latency", "First token", "Attempts"]}>
            {rows.map((generation) => (
              <tr key={generation.id} data-testid="generation-row" data-generation-id={generation.id}>
                <Td label="When" className="whitespace-nowrap">
                  <Link href={`/activity/${generation.id}`} className="text-slate-900 underline-offset-2 hover:underline">
                    <Moment at={generation.created_at} relative />
                  </Link>
                </Td>
                <Td label="Product">{generation.product}</Td>
                <Td label="Endpoint">
                  {generation.endpoint}
                  <span className="ml-1 text-xs text-slate-500">({generation.door})</span>
                </Td>
                <Td label="Key" className="max-w-[10rem] truncate">{generation.key?.name ?? <span className="text-slate-500">playground</span>}</Td>
                <Td label="Status">
                  <GenerationStatus status={generation.status} errorCode={generation.error_code} />
                </Td>
                <Td label="Tokens" className="tabular-nums">
                  {generation.usage.input_tokens} / {generation.usage.output_tokens}
                </Td>
                <Td label="Credits" className="tabular-nums">{creditAmount(generation.usage.credits)}</Td>
                <Td label="Latency" className="tabular-nums">{milliseconds(generation.latency_ms)}</Td>
                <Td label="First token" className="tabular-nums">{milliseconds(generation.first_token_ms)}</Td>
                <Td label="Attempts" className="tabular-nums">
                  {generation.routing.attempts}
                  {generation.routing.escalated && <span className="ml-1 text-xs text-amber-700">escalated</span>}
                </Td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </div>
  );
}
