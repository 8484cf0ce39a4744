import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Webhooks · Switchyard" };

export default async function WebhooksPage() {
  await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive this project's events (and the workspace's billing events), signed the Standard Webhooks way."
      />
      <WebhooksPanel />
    </div>
  );
}
