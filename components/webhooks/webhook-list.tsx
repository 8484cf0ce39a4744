"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { PagedList } from "@/components/ui/paged-list";
import { Card } from "@/components/ui/card";
import { Empty, Loading } from "@/components/ui/states";
import { ListSearch, useListSearch, wantsSearch } from "@/components/ui/list-search";
import { WebhookCard } from "./webhook-card";

export function WebhookList({ projectId, projectName }: { projectId: string; projectName: string }) {
  const trpc = useTRPC();
  const search = useListSearch();
  const webhooks = useInfiniteQuery(
    trpc.webhooks.list.infiniteQueryOptions({ projectId, limit: 20, ...search.input }, afterCursor),
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
          {search.q ? (
            <Empty title="No endpoint matches" testId="no-match">No endpoint of this project has a URL or description holding “{search.q}”.</Empty>
          ) : (
          <Empty title="No endpoints in this project yet." testId="no-webhooks">
            Add one below: Switchyard will POST the events you choose to it, signed with a secret only you and it know.
          </Empty>
          )}
        </Card>
      }
      showMore={{ label: "Show more endpoints", className: "" }}
      frame={(content) => (
        <section aria-labelledby="webhook-endpoints" className="space-y-4">
          <h2 id="webhook-endpoints" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            Endpoints <span className="font-medium normal-case tracking-normal text-slate-500">· {projectName}</span>
          </h2>
          <ListSearch label="Search endpoints by URL" search={search} shown={wantsSearch(search, webhooks, (page: { webhooks: unknown[] }) => page.webhooks)} />
          {content}
        </section>
      )}
    >
      {(rows) => rows.map((webhook) => <WebhookCard key={webhook.id} projectId={projectId} webhook={webhook} />)}
    </PagedList>
  );
}
