"use client";
// The usage page: filters, a stacked chart of credits by day and engine, and the table of the
// very numbers GET /api/public/v1/usage answers (billing.usage calls the same service), with CSV export.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrors } from "@/components/console/form-errors";
import { formatCredits, roundedCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardLink } from "@/components/ui/card";
import { DayBarChart } from "@/components/ui/lazy-day-bar-chart";
import { Empty, Loading, LoadError } from "@/components/ui/states";
import { seriesOf } from "./engine-series";
import { downloadUsageCsv } from "./usage-csv";
import { creditsByDayAndEngine, type Usage, type UsageEngine } from "./usage-days";
import { defaultUsageFilter, UsageFilters, type UsageFilter } from "./usage-filters";
import { requestsAndHours, UsageTable } from "./usage-table";

export function UsagePanel() {
  const trpc = useTRPC();
  const [filter, setFilter] = useState<UsageFilter>(defaultUsageFilter);
  // Requests made with API keys move these numbers outside the console: fetch afresh on every visit.
  const usage = useQuery(
    trpc.billing.usage.queryOptions(
      {
        start: filter.start || undefined,
        end: filter.end || undefined,
        project_id: filter.projectId || undefined,
        engine: (filter.engine || undefined) as UsageEngine | undefined,
      },
      { placeholderData: keepPreviousData, staleTime: 0 },
    ),
  );
  const errors = fieldErrors(usage.error);
  const filtersAtFault = Object.keys(errors).length > 0;

  return (
    <div className="space-y-6">
      <UsageFilters filter={filter} onChange={setFilter} errors={errors} />
      {usage.isPending ? (
        <Card title="Credits per day">
          <Loading label="Loading usage" />
        </Card>
      ) : usage.isError ? (
        <Card title="Credits per day">{filtersAtFault ? <Alert tone="warning">Correct the filters above to see usage.</Alert> : <LoadError error={usage.error} retry={() => usage.refetch()} />}</Card>
      ) : (
        <UsageResult usage={usage.data} updating={usage.isPlaceholderData} filtered={Boolean(filter.projectId || filter.engine)} />
      )}
    </div>
  );
}

/** "12 requests, 3 instance hours, 0.42 credits": what the breakdown below adds up to. */
function summary(usage: Usage): string {
  const { requests, hours } = requestsAndHours(usage);
  const parts = [`${requests.toLocaleString("en-US")} requests`, ...(hours ? [`${hours.toLocaleString("en-US")} instance hours`] : [])];
  return `${parts.join(", ")}, ${roundedCredits(usage.totals.credits)} credits`;
}

function UsageResult({ usage, updating, filtered }: { usage: Usage; updating: boolean; filtered: boolean }) {
  const chart = creditsByDayAndEngine(usage);
  const range = `${usage.start} to ${usage.end} (UTC)`;
  if (usage.data.length === 0) {
    return (
      <Card title="Credits per day">
        <Empty title={`No usage from ${range}`} testId="usage-empty">
          {filtered ? (
            "Nothing matches this project and engine; choose all projects or all engines to see more."
          ) : (
            <>
              Usage appears here once a key of this workspace makes a request. <CardLink href="/keys">Create an API key</CardLink>
            </>
          )}
        </Empty>
      </Card>
    );
  }
  return (
    <div className={`space-y-6 transition-opacity ${updating ? "opacity-60" : ""}`} aria-busy={updating}>
      <Card title="Credits per day" action={<p className="text-sm text-slate-600">{range}</p>}>
        <DayBarChart
          data={chart.days}
          series={chart.engines.map(seriesOf)}
          label={`Credits per day and engine, ${range}`}
          format={formatCredits}
          height={280}
          legend
          testId="usage-chart"
        />
      </Card>
      <Card
        title="Breakdown"
        action={
          <Button variant="secondary" onClick={() => downloadUsageCsv(usage)}>
            Export CSV
          </Button>
        }
      >
        <p className="mb-3 text-sm text-slate-600">
          {summary(usage)}. The same numbers as{" "}
          <code className="rounded bg-slate-100 px-1 text-xs text-slate-700">GET /api/public/v1/usage</code>.
        </p>
        <UsageTable usage={usage} />
      </Card>
    </div>
  );
}
