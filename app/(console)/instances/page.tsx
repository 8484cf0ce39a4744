import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Instances · Switchyard" };

export default async function InstancesPage() {
  await consoleWorkspace();
  return <PageHeader title="Instances" description="Virtual machines of this project." />;
}
