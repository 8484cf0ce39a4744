import type { Metadata } from "next";
import { DomainRecordsPanel } from "@/components/domains/domain-records-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Domain · Switchyard" };

export default async function DomainPage({ params }: { params: Promise<{ name: string }> }) {
  await consoleWorkspace();
  const { name } = await params;
  return <DomainRecordsPanel domain={decodeURIComponent(name)} />;
}
