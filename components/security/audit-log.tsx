"use client";
// An audit log, newest first, a page at a time ("Show more"): the workspace's (Security page), or
// for operators the changes that belong to no workspace (rates, tier limits, unknown sign-ins).
// Filtered by action, actor and day; each entry names who and what, with what changed.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { DayRangeFields, ListFilters, useListFilters } from "@/components/console/list-filters";
import { useTRPC } from "@/components/providers";
import { PagedList } from "@/components/ui/paged-list";
import { afterCursor } from "@/components/ui/show-more";
import { Badge } from "@/components/ui/badge";
import { SelectField } from "@/components/ui/field";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { Empty } from "@/components/ui/states";
import { actionWords, actorWords, changeLines, targetWords } from "./audit-words";
import { Moment } from "@/components/ui/moment";

const PAGE = 25;

type Filters = { action: string; actor_id: string; since: string; until: string };
const none: Filters = { action: "", actor_id: "", since: "", until: "" };

export function AuditLog({ of = "workspace" }: { of?: "workspace" | "service" }) {
  const trpc = useTRPC();
  const { filters, set, chosen } = useListFilters(none);
  const input = { limit: PAGE, ...chosen };
  const events = useInfiniteQuery(
    of === "service" ? trpc.operator.auditEvents.infiniteQueryOptions(input, afterCursor) : trpc.audit.list.infiniteQueryOptions(input, afterCursor),
  );
  // The actors to choose from: everyone seen in what has loaded (the chosen one stays listed).
  const actors = useRef(new Map<string, string>()).current;
  for (const page of events.data?.pages ?? []) for (const event of page.audit_events) if (event.actor.id) actors.set(event.actor.id, actorWords(event.actor).name);

  return (
    <div className="space-y-4">
      <ListFilters label="Filter the audit log" set={Object.keys(chosen).length} className="sm:grid-cols-2 lg:grid-cols-4">
        <SelectField label="Event" value={filters.action} onChange={set("action")}>
          <option value="">Any event</option>
          {Object.entries(actionWords).map(([action, words]) => (
            <option key={action} value={action}>
              {words.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="By" value={filters.actor_id} onChange={set("actor_id")}>
          <option value="">Anyone</option>
          {[...actors].map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
        <DayRangeFields since={filters.since} until={filters.until} set={set} />
      </ListFilters>
      <PagedList
        pages={events}
        rowsOf={(page) => page.audit_events}
        loading="Loading the audit log"
        empty={
          <Empty title="Nothing recorded yet" testId="no-audit-events">
            {of === "service"
              ? "Changes of product rates and tier limits will show here as they happen."
              : "Sign-ins and every change to this workspace's projects, keys, webhooks, instances and domains will show here as they happen."}
          </Empty>
        }
        showMore={{ className: "mt-4" }}
      >
        {(rows) => (
          <StackedTable label={of === "service" ? "Service audit log" : "Audit log"} columns={["Time", "Event", "By", "On", "Address"]}>
            {rows.map((event) => {
              const action = actionWords[event.action];
              const actor = actorWords(event.actor);
              const target = targetWords(event.target);
              const changes = changeLines(event.changes);
              return (
                <StackedRow key={event.id} data-testid="audit-event" data-action={event.action}>
                  <StackedCell label="Time" className="whitespace-nowrap text-slate-600">
                    <Moment at={event.created_at} relative />
                  </StackedCell>
                  <StackedCell label="Event">
                    <Badge tone={action.tone}>{action.label}</Badge>
                  </StackedCell>
                  <StackedCell label="By" testId="audit-actor">
                    <span className="block">{actor.name}</span>
                    <span className="block text-xs text-slate-500">{actor.kind}</span>
                  </StackedCell>
                  <StackedCell label="On" testId="audit-target">
                    <span className="block break-all">{target.name}</span>
                    <span className="block text-xs text-slate-500">{target.kind}</span>
                    {changes.length > 0 && (
                      <ul className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Changes">
                        {changes.map((line) => (
                          <li key={line} className="break-all font-mono">
                            {line}
                          </li>
                        ))}
                      </ul>
                    )}
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
    </div>
  );
}
