import type { Metadata } from "next";
import { MembersPanel } from "@/components/members/members-panel";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Members · Switchyard" };

export default async function MembersPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader title="Members" description="Everyone who belongs to this workspace, and the role each holds in it: what they may see and do, in every project." />
      <MembersPanel workspaceName={workspace.name} />
    </div>
  );
}
