"use client";
// The workspace's money at a glance: balance, what is reserved, the last 30 days' spend, the tier.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Credits } from "@/components/console/credits";
import { useTRPC } from "@/components/providers";
import { Stat } from "@/components/ui/stat";
import { LoadError } from "@/components/ui/states";

const pending = <span className="inline-block h-7 w-28 animate-pulse rounded bg-slate-100 align-middle" aria-label="Loading" />;

export function BalanceStats() {
  const trpc = useTRPC();
  // Requests made with API keys move these numbers outside the console: fetch afresh on every visit.
  const summary = useQuery(trpc.billing.summary.queryOptions(undefined, { staleTime: 0 }));
  // The same query (and cache entry) as the spend chart's: the API's default range, last 30 days.
  const usage = useQuery(trpc.billing.usage.queryOptions({}, { staleTime: 0 }));
  if (summary.isError) return <LoadError error={summary.error} retry={() => summary.refetch()} />;
  const money = summary.data;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Stat
        label="Workspace balance"
        value={money ? <Credits value={money.balance} /> : pending}
        unit={money ? "credits" : undefined}
        testId="dashboard-balance"
        hint={
          <Link href="/billing" className="underline-offset-2 hover:underline">
            Billing and ledger <span aria-hidden="true">→</span>
          </Link>
        }
      />
      <Stat label="Reserved" value={money ? <Credits value={money.reserved} /> : pending} unit={money ? "credits" : undefined} hint="Held for work in flight, whole workspace" />
      <Stat
        label="Workspace spend, 30 days"
        value={usage.data ? <Credits value={usage.data.totals.credits} /> : usage.isError ? "—" : pending}
        unit={usage.data ? "credits" : undefined}
        hint={
          <Link href="/usage" className="underline-offset-2 hover:underline">
            By day and engine <span aria-hidden="true">→</span>
          </Link>
        }
      />
      <Stat
        label="Tier"
        value={money ? <span className="capitalize">{money.tier}</span> : pending}
        hint={money ? (money.discount > 0 ? `${Math.round(money.discount * 100)} % off AI credits` : "No discount on AI credits") : undefined}
      />
    </div>
  );
}
