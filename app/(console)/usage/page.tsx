import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { UsagePanel } from "@/components/usage/usage-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Usage · Switchyard" };

export default async function UsagePage() {
  await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader title="Usage" description="Requests, tokens and credits of every engine, by UTC day, across the workspace's projects." />
      <UsagePanel />
    </div>
  );
}
