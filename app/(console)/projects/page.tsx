import type { Metadata } from "next";
import { ProjectsPanel } from "@/components/projects/projects-panel";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Projects · Switchyard" };

export default async function ProjectsPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Projects"
        description="API keys, instances, domains, webhooks and usage belong to a project. The console acts on the current one, chosen here or at the top."
      />
      <ProjectsPanel moreAfter={workspace.projectsCursor} />
    </div>
  );
}
