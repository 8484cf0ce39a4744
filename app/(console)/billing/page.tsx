import type { Metadata } from "next";
import { BillingSummary } from "@/components/billing/billing-summary";
import { BuyingCredits } from "@/components/billing/buying-credits";
import { LedgerTable } from "@/components/billing/ledger-table";
import { OperatorSection } from "@/components/billing/operator-section";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Billing · Switchyard" };

export default async function BillingPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader title="Billing" description="Balance, tier and every movement of credits." />
      <BillingSummary />
      <BuyingCredits />
      <Card title="Ledger">
        <LedgerTable />
      </Card>
      <OperatorSection ownWorkspaceId={workspace.id} ownTier={workspace.tier} />
    </div>
  );
}
