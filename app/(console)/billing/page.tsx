import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Billing · Switchyard" };

export default async function BillingPage() {
  await consoleWorkspace();
  return <PageHeader title="Billing" description="Balance, tier and every movement of credits." />;
}
