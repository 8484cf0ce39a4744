import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Projects · Switchyard" };

export default async function ProjectsPage() {
  await consoleWorkspace();
  return <PageHeader title="Projects" description="Keys, instances and usage belong to a project." />;
}
