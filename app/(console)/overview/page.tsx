import type { Metadata } from "next";
import { BalanceStats } from "@/components/overview/balance-stats";
import { FailedDeliveries } from "@/components/overview/failed-deliveries";
import { LowBalanceNotice } from "@/components/overview/low-balance-notice";
import { RunningInstances } from "@/components/overview/running-instances";
import { SpendCard } from "@/components/overview/spend-card";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Overview · Switchyard" };

export default async function OverviewPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader title={workspace.name} description="The workspace's balance and spend (every project), then what needs attention in the selected project." />
      {workspace.lowBalance && <LowBalanceNotice balance={workspace.balance} reserved={workspace.reserved} threshold={workspace.lowBalanceThreshold} />}
      <BalanceStats />
      <SpendCard />
      <div className="grid gap-6 lg:grid-cols-2">
        <RunningInstances />
        <FailedDeliveries />
      </div>
    </div>
  );
}
