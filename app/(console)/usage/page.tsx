import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Usage · Switchyard" };

export default async function UsagePage() {
  await consoleWorkspace();
  return <PageHeader title="Usage" description="How much each engine used, by day." />;
}
