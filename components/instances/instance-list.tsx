"use client";
// The project's instances with their live status: asked again every 1.5 s while any of them is
// on its way to another status, every 30 s otherwise.
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { PagedList } from "@/components/ui/paged-list";
import { Button } from "@/components/ui/button";
import { Empty } from "@/components/ui/states";
import { ListTable, Td } from "@/components/ui/table";
import { pollEvery } from "./instance-status";
import { InstanceStatusBadge } from "./instance-status-badge";
import { Moment } from "@/components/ui/moment";
import { ListSearch, useListSearch, wantsSearch } from "@/components/ui/list-search";

/** `onCreate` offers the create form from the empty list (absent while the form is already open). */
export function InstanceList({ projectId, onCreate }: { projectId: string; onCreate?: () => void }) {
  const trpc = useTRPC();
  const search = useListSearch();
  const instances = useInfiniteQuery(
    trpc.instances.list.infiniteQueryOptions(
      { projectId, limit: 50, ...search.input },
      {
        getNextPageParam: (page) => page.next_cursor ?? undefined,
        refetchInterval: (query) => pollEvery(query.state.data?.pages.flatMap((page) => page.instances.map((i) => i.status)) ?? []),
      },
    ),
  );

  return (
    <>
    <ListSearch label="Search instances by hostname" search={search} shown={wantsSearch(search, instances, (page: { instances: unknown[] }) => page.instances)} />
    <PagedList
      pages={instances}
      rowsOf={(page) => page.instances}
      loading="Loading instances"
      empty={
        search.q ? <Empty title="No instance matches" testId="no-match">Nothing in this project has a hostname holding “{search.q}”.</Empty> : <Empty title="No instances in this project yet" testId="no-instances">
          <p>An instance is a virtual machine, billed per started hour while it runs.</p>
          {onCreate && (
            <Button className="mt-3" onClick={onCreate}>
              Create an instance
            </Button>
          )}
        </Empty>
      }
    >
      {(rows) => (
        <ListTable label="Instances" columns={["Hostname", "Status", "Plan", "Region", "IPv4", "Created"]}>
          {rows.map((instance) => (
            <tr key={instance.id} data-testid="instance-row" data-instance-id={instance.id}>
              <Td label="Hostname" className="max-w-[16rem]">
                <Link href={`/instances/${instance.id}`} className="block truncate font-medium text-slate-900 underline-offset-2 hover:underline" title={instance.hostname}>
                  {instance.hostname}
                </Link>
              </Td>
              <Td label="Status">
                <InstanceStatusBadge status={instance.status} />
              </Td>
              <Td label="Plan" className="font-mono text-xs">{instance.plan}</Td>
              <Td label="Region">{instance.region}</Td>
              <Td label="IPv4" className="font-mono text-xs">{instance.ipv4 ?? "—"}</Td>
              <Td label="Created" className="text-slate-600"><Moment at={instance.created_at} /></Td>
            </tr>
          ))}
        </ListTable>
      )}
    </PagedList>
    </>
  );
}
