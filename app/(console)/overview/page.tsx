import type { Metadata } from "next";
import Link from "next/link";
import { formatCredits } from "@/components/console/format-credits";
import { Card } from "@/components/ui/card";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Dashboard · Switchyard" };

export default async function DashboardPage() {
  const workspace = await consoleWorkspace();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{workspace.name}</h1>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card title="Balance">
          <p className="text-2xl font-semibold tabular-nums" data-testid="dashboard-balance">
            {formatCredits(workspace.balance)}
          </p>
        </Card>
        <Card title="Tier">
          <p className="text-2xl font-semibold capitalize">{workspace.tier}</p>
        </Card>
        <Card title="Your role">
          <p className="text-2xl font-semibold capitalize">{workspace.role}</p>
        </Card>
      </div>
      <Card title="Projects">
        <ul className="divide-y divide-slate-100">
          {workspace.projects.map((project) => (
            <li key={project.id} className="flex items-center justify-between py-2 text-sm">
              <span className="font-medium">{project.name}</span>
              <code className="text-xs text-slate-500">{project.id}</code>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Get started">
        <p className="text-sm text-slate-700">
          Create an API key on the{" "}
          <Link href="/keys" className="font-medium underline">
            API keys
          </Link>{" "}
          page, then send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer swk_…</code> to the API.
        </p>
      </Card>
    </div>
  );
}
