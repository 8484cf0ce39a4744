"use client";
// Credits spent per day over the last 30 days, every engine and project of the workspace together.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Card, CardLink } from "@/components/ui/card";
import { DayBarChart } from "@/components/ui/lazy-day-bar-chart";
import { Empty, Loading, LoadError } from "@/components/ui/states";
import { creditsByDay } from "@/components/usage/usage-days";

const spendSeries = [{ key: "credits", label: "Credits", color: "#4f46e5" }];

export function SpendCard() {
  const trpc = useTRPC();
  const usage = useQuery(trpc.billing.usage.queryOptions({}, { staleTime: 0 }));
  return (
    <Card title="Workspace spend, last 30 days" subtitle="every project" action={<CardLink href="/usage">Usage</CardLink>}>
      {usage.isPending ? (
        <Loading label="Loading spend" />
      ) : usage.isError ? (
        <LoadError error={usage.error} retry={() => usage.refetch()} />
      ) : usage.data.data.length === 0 ? (
        <Empty title="Nothing spent in the last 30 days" testId="spend-empty">
          Create a key on the{" "}
          <Link href="/keys" className="font-medium text-slate-700 underline">
            API keys
          </Link>{" "}
          page and send it as <code className="rounded bg-slate-100 px-1 text-slate-700">Authorization: Bearer swk_…</code>, or try a prompt in the{" "}
          <Link href="/playground" className="font-medium text-slate-700 underline">
            Playground
          </Link>
          .
        </Empty>
      ) : (
        <DayBarChart
          data={creditsByDay(usage.data)}
          series={spendSeries}
          label={`Credits spent per day from ${usage.data.start} to ${usage.data.end}`}
          format={formatCredits}
          height={220}
          testId="spend-chart"
        />
      )}
    </Card>
  );
}
