import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Domains · Switchyard" };

export default async function DomainsPage() {
  await consoleWorkspace();
  return <PageHeader title="Domains" description="DNS zones of this project and their records." />;
}
