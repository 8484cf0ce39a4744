"use client";
// Balance, what is reserved, what is left to spend, the tier and its discount (as GET /v1/billing).
import { useQuery } from "@tanstack/react-query";
import { Credits } from "@/components/console/credits";
import { useTRPC } from "@/components/providers";
import { creditsOf, microOf } from "@/server/vocab/credit-units";
import { Stat } from "@/components/ui/stat";
import { Loading, LoadError } from "@/components/ui/states";

export function BillingSummary() {
  const trpc = useTRPC();
  // Requests made with API keys move these numbers outside the console: fetch afresh on every visit.
  const summary = useQuery(trpc.billing.summary.queryOptions(undefined, { staleTime: 0 }));
  if (summary.isPending) return <Loading label="Loading balance" />;
  if (summary.isError) return <LoadError error={summary.error} retry={() => summary.refetch()} />;
  const { balance, reserved, tier, discount } = summary.data;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Stat label="Balance" value={<Credits value={balance} />} unit="credits" testId="billing-balance" hint="Credits of the whole workspace, every project" />
      <Stat label="Reserved" value={<Credits value={reserved} />} unit="credits" testId="billing-reserved" hint="Held for work in flight, not yet charged" />
      <Stat label="Available" value={<Credits value={creditsOf(Math.max(0, microOf(balance) - microOf(reserved)))} />}
        unit="credits" hint="Balance less reserved: what new work can use" />
      <Stat
        label="Tier"
        value={<span className="capitalize">{tier}</span>}
        testId="billing-tier"
        hint={discount > 0 ? `${Math.round(discount * 100)} % discount on AI credits` : "No discount on AI credits"}
      />
    </div>
  );
}
