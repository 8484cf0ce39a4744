"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { PagedList } from "@/components/ui/paged-list";
import { Card } from "@/components/ui/card";
import { Empty, Loading } from "@/components/ui/states";
import { WebhookCard } from "./webhook-card";

export function WebhookList({ projectId, projectName }: { projectId: string; projectName: string }) {
  const trpc = useTRPC();
  const webhooks = useInfiniteQuery(
    trpc.webhooks.list.infiniteQueryOptions({ projectId, limit: 20 }, afterCursor),
  );

  return (
    <PagedList
      pages={webhooks}
      rowsOf={(page) => page.webhooks}
      loading={
        <Card>
          <Loading label="Loading endpoints" />
        </Card>
      }
      empty={
        <Card>
          <Empty title="No endpoints in this project yet." testId="no-webhooks">
            Add one below: Switchyard will POST the events you choose to it, signed with a secret only you and it know.
          </Empty>
        </Card>
      }
      showMore={{ label: "Show more endpoints", className: "" }}
      frame={(content) => (
        <section aria-labelledby="webhook-endpoints" className="space-y-4">
          <h2 id="webhook-endpoints" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Endpoints <span className="font-medium normal-case tracking-normal text-slate-500">· {projectName}</span>
          </h2>
          {content}
        </section>
      )}
    >
      {(rows) => rows.map((webhook) => <WebhookCard key={webhook.id} projectId={projectId} webhook={webhook} />)}
    </PagedList>
  );
}
