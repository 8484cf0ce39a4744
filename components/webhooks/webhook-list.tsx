"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { afterCursor, ShowMore } from "@/components/ui/show-more";
import { Card } from "@/components/ui/card";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { WebhookCard } from "./webhook-card";

export function WebhookList({ projectId, projectName }: { projectId: string; projectName: string }) {
  const trpc = useTRPC();
  const webhooks = useInfiniteQuery(
    trpc.webhooks.list.infiniteQueryOptions({ projectId, limit: 20 }, afterCursor),
  );

  if (webhooks.isPending) {
    return (
      <Card>
        <Loading label="Loading endpoints" />
      </Card>
    );
  }
  if (webhooks.isError) return <LoadError error={webhooks.error} />;
  const rows = webhooks.data.pages.flatMap((page) => page.webhooks);

  return (
    <section aria-labelledby="webhook-endpoints" className="space-y-4">
      <h2 id="webhook-endpoints" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Endpoints <span className="font-medium normal-case tracking-normal text-slate-400">· {projectName}</span>
      </h2>
      {rows.length === 0 ? (
        <Card>
          <Empty title="No endpoints in this project yet." testId="no-webhooks">
            Add one below: Switchyard will POST the events you choose to it, signed with a secret only you and it know.
          </Empty>
        </Card>
      ) : (
        rows.map((webhook) => <WebhookCard key={webhook.id} projectId={projectId} webhook={webhook} />)
      )}
      <ShowMore pages={webhooks} label="Show more endpoints" className="" />
    </section>
  );
}
