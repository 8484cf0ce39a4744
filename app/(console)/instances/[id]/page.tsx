import type { Metadata } from "next";
import { InstanceDetail } from "@/components/instances/instance-detail";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Instance · Switchyard" };

export default async function InstancePage({ params }: { params: Promise<{ id: string }> }) {
  await consoleWorkspace();
  const { id } = await params;
  return <InstanceDetail id={decodeURIComponent(id)} />;
}
