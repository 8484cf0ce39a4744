"use client";
// An endpoint's deliveries, newest first, filtered by state; looked at again while any is pending
// (every second when an attempt is due soon), and the endpoint list with it, since an attempt can
// disable the endpoint (a 410 answer).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "@/components/providers";
import { PagedList } from "@/components/ui/paged-list";
import { SegmentedChoice } from "@/components/ui/segmented-choice";
import { Empty } from "@/components/ui/states";
import type { DeliveryView } from "@/server/webhooks/schema";
import { DeliveryItem } from "./delivery-item";

type Status = DeliveryView["status"];

const views = [
  { value: "", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "succeeded", label: "Succeeded" },
  { value: "failed", label: "Failed" },
] as const;

const SOON_MS = 60_000;

/** How often to look again: soon while an attempt is due, now and then while retries wait, never when all settled. */
function pollEvery(deliveries: DeliveryView[], enabled: boolean): number | false {
  const pending = deliveries.filter((d) => d.status === "pending");
  if (!enabled || pending.length === 0) return false;
  const dueSoon = pending.some((d) => !d.next_attempt_at || new Date(d.next_attempt_at).getTime() - Date.now() < SOON_MS);
  return dueSoon ? 1000 : 15_000;
}

export function DeliveryLog({ projectId, webhookId, enabled }: { projectId: string; webhookId: string; enabled: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | "">("");
  const deliveries = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(
      { projectId, id: webhookId, limit: 10, ...(status && { status }) },
      {
        getNextPageParam: (page) => page.next_cursor ?? undefined,
        refetchInterval: (query) => pollEvery(query.state.data?.pages.flatMap((page) => page.deliveries) ?? [], enabled),
      },
    ),
  );
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const attemptCount = rows.reduce((sum, d) => sum + d.attempts.length, 0);
  const polling = pollEvery(rows, enabled) !== false;

  useEffect(() => {
    if (attemptCount > 0) void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
  }, [attemptCount, queryClient, trpc]);

  return (
    <div className="space-y-3 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedChoice label="Show deliveries" options={views} value={status} onChange={setStatus} />
        {polling && (
          <p role="status" className="flex items-center gap-2 text-xs text-slate-500">
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-sky-500" />
            Watching pending deliveries…
          </p>
        )}
      </div>
      <PagedList
        pages={deliveries}
        rowsOf={(page) => page.deliveries}
        loading="Loading deliveries"
        empty={
          <Empty title={status ? `No ${status} deliveries.` : "No deliveries yet."} testId="no-deliveries">
            {status ? "Choose All to see the others." : "Send a test event to see one here."}
          </Empty>
        }
        showMore={{ label: "Show older deliveries", className: "" }}
      >
        {(shown) => (
          <ol aria-label="Deliveries" className="divide-y divide-slate-100">
            {shown.map((delivery) => (
              <DeliveryItem key={delivery.id} projectId={projectId} webhookId={webhookId} enabled={enabled} delivery={delivery} />
            ))}
          </ol>
        )}
      </PagedList>
    </div>
  );
}
