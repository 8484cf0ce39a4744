"use client";
// An audit log, newest first, a page at a time ("Show more"): the workspace's (Security page), or
// for operators the changes that belong to no workspace (rates, tier limits, unknown sign-ins).
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { PagedList } from "@/components/ui/paged-list";
import { afterCursor } from "@/components/ui/show-more";
import { Badge } from "@/components/ui/badge";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { Empty } from "@/components/ui/states";
import { actionWords, actorWords } from "./audit-words";

const PAGE = 25;

export function AuditLog({ of = "workspace" }: { of?: "workspace" | "service" }) {
  const trpc = useTRPC();
  const events = useInfiniteQuery(
    of === "service"
      ? trpc.operator.auditEvents.infiniteQueryOptions({ limit: PAGE }, afterCursor)
      : trpc.audit.list.infiniteQueryOptions({ limit: PAGE }, afterCursor),
  );

  return (
    <PagedList
      pages={events}
      rowsOf={(page) => page.audit_events}
      loading="Loading the audit log"
      empty={
        <Empty title="Nothing recorded yet" testId="no-audit-events">
          {of === "service"
            ? "Changes of product rates and tier limits will show here as they happen."
            : "Sign-ins, API key and webhook changes will show here as they happen."}
        </Empty>
      }
      showMore={{ className: "mt-4" }}
    >
      {(rows) => (
        <StackedTable label={of === "service" ? "Service audit log" : "Audit log"} columns={["Time", "Event", "By", "On", "Address"]}>
          {rows.map((event) => {
            const action = actionWords[event.action];
            const actor = actorWords(event.actor);
            return (
              <StackedRow key={event.id} data-testid="audit-event" data-action={event.action}>
                <StackedCell label="Time" className="whitespace-nowrap text-slate-600">
                  <time dateTime={event.created_at} title={event.created_at}>
                    {new Date(event.created_at).toLocaleString()}
                  </time>
                </StackedCell>
                <StackedCell label="Event">
                  <Badge tone={action.tone}>{action.label}</Badge>
                </StackedCell>
                <StackedCell label="By">
                  <span className="block">{actor.kind}</span>
                  {actor.id && <code className="block text-xs text-slate-500">{actor.id}</code>}
                </StackedCell>
                <StackedCell label="On" className="font-mono text-xs" testId="audit-target">
                  {event.target}
                </StackedCell>
                <StackedCell label="Address" className="font-mono text-xs text-slate-600" testId="audit-address">
                  {event.ip ?? <span className="font-sans text-slate-500">not recorded</span>}
                </StackedCell>
              </StackedRow>
            );
          })}
        </StackedTable>
      )}
    </PagedList>
  );
}
