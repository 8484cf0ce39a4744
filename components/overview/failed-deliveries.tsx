"use client";
// Webhook deliveries of the selected project whose attempts failed lately: still retrying, or given up.
import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { Badge } from "@/components/ui/badge";
import { Card, CardLink } from "@/components/ui/card";
import { Loaded } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";

type Attempt = { status_code: number | null; error: string | null; outcome: string; started_at: string };

function lastOutcome(attempts: Attempt[]): string {
  const last = attempts[attempts.length - 1];
  if (!last) return "not attempted yet";
  const what = last.status_code ? `HTTP ${last.status_code}` : last.error ?? last.outcome;
  return `${what}, ${formatTime(last.started_at)}`;
}

export function FailedDeliveries() {
  const trpc = useTRPC();
  const { project } = useProject();
  // Instances and deliveries change outside the console (the API, the workers): fetch afresh on every visit.
  const failures = useQuery(trpc.webhooks.failures.queryOptions({ projectId: project.id, limit: 5 }, { staleTime: 0 }));
  return (
    <Card title="Failed webhook deliveries" subtitle={project.name} action={<CardLink href="/webhooks">Webhooks</CardLink>} testId="failed-deliveries">
      <Loaded query={failures} loading="Loading webhook deliveries">
        {({ deliveries }) =>
          deliveries.length === 0 ? (
            <Empty title={`No failed deliveries in ${project.name}`}>Every webhook event sent lately reached its endpoint.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {deliveries.map((delivery) => (
                <li key={delivery.id} className="flex items-start justify-between gap-3 py-2 text-sm" data-testid="failed-delivery">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{delivery.event.type}</p>
                    <p className="truncate text-xs text-slate-500" title={delivery.webhook_url}>
                      {delivery.webhook_url}
                    </p>
                    <p className="text-xs text-slate-500">
                      {delivery.attempts.length} {delivery.attempts.length === 1 ? "attempt" : "attempts"}; last: {lastOutcome(delivery.attempts)}
                    </p>
                  </div>
                  {delivery.status === "pending" ? <Badge tone="warn">retrying</Badge> : <Badge tone="bad">gave up</Badge>}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Card>
  );
}
