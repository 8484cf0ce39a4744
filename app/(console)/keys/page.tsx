import type { Metadata } from "next";
import { KeysPanel } from "@/components/keys/keys-panel";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "API keys · Switchyard" };

export default async function KeysPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">Keys act on one project. A key is shown once, when you create it.</p>
      </div>
      <KeysPanel projects={workspace.projects} />
    </div>
  );
}
