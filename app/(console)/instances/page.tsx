import type { Metadata } from "next";
import { InstancesPanel } from "@/components/instances/instances-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Instances · Switchyard" };

export default async function InstancesPage() {
  await consoleWorkspace();
  return <InstancesPanel />;
}
