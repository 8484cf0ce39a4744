import type { Metadata } from "next";
import { KeysPanel } from "@/components/keys/keys-panel";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "API keys · Switchyard" };

export default async function KeysPage() {
  await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader title="API keys" description="Keys act on one project: the one chosen at the top. A key is shown once, when you create it." />
      <KeysPanel />
    </div>
  );
}
