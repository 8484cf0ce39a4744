import type { Metadata } from "next";
import { ActivityList } from "@/components/activity/activity-list";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { consoleWorkspace } from "@/server/trpc/server";

export const metadata: Metadata = { title: "Activity · Switchyard" };

export default async function ActivityPage() {
  await consoleWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Activity"
        description="Every generation of this project, newest first: failed and cancelled ones too, with their latency, routing and cost. Prompts and answers are never kept."
      />
      <Card title="Generations">
        <ActivityList />
      </Card>
      <p className="text-sm text-slate-500">
        The same list is at <code className="text-xs">GET /api/public/v1/generations</code> with any key of this project.
      </p>
    </div>
  );
}
