"use client";
// The project's instances with their live status: asked again every 1.5 s while any of them is
// on its way to another status, every 30 s otherwise.
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { afterCursor, ShowMore } from "@/components/ui/show-more";
import { Button } from "@/components/ui/button";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { Table, TBody, Td, Th } from "@/components/ui/table";
import { pollEvery } from "./instance-status";
import { InstanceStatusBadge } from "./instance-status-badge";

/** `onCreate` offers the create form from the empty list (absent while the form is already open). */
export function InstanceList({ projectId, onCreate }: { projectId: string; onCreate?: () => void }) {
  const trpc = useTRPC();
  const instances = useInfiniteQuery(
    trpc.instances.list.infiniteQueryOptions(
      { projectId, limit: 50 },
      {
        getNextPageParam: (page) => page.next_cursor ?? undefined,
        refetchInterval: (query) => pollEvery(query.state.data?.pages.flatMap((page) => page.instances.map((i) => i.status)) ?? []),
      },
    ),
  );

  if (instances.isPending) return <Loading label="Loading instances" />;
  if (instances.isError) return <LoadError error={instances.error} />;
  const rows = instances.data.pages.flatMap((page) => page.instances);
  if (rows.length === 0) {
    return (
      <Empty title="No instances in this project yet" testId="no-instances">
        <p>An instance is a virtual machine, billed per started hour while it runs.</p>
        {onCreate && (
          <Button className="mt-3" onClick={onCreate}>
            Create an instance
          </Button>
        )}
      </Empty>
    );
  }

  return (
    <>
      <Table label="Instances">
        <thead>
          <tr>
            <Th>Hostname</Th>
            <Th>Status</Th>
            <Th>Plan</Th>
            <Th>Region</Th>
            <Th>IPv4</Th>
            <Th>Created</Th>
          </tr>
        </thead>
        <TBody>
          {rows.map((instance) => (
            <tr key={instance.id} data-testid="instance-row" data-instance-id={instance.id}>
              <Td className="max-w-[16rem]">
                <Link href={`/instances/${instance.id}`} className="block truncate font-medium text-slate-900 underline-offset-2 hover:underline" title={instance.hostname}>
                  {instance.hostname}
                </Link>
              </Td>
              <Td>
                <InstanceStatusBadge status={instance.status} />
              </Td>
              <Td className="font-mono text-xs">{instance.plan}</Td>
              <Td>{instance.region}</Td>
              <Td className="font-mono text-xs">{instance.ipv4 ?? "—"}</Td>
              <Td className="text-slate-600">{formatTime(instance.created_at)}</Td>
            </tr>
          ))}
        </TBody>
      </Table>
      <ShowMore pages={instances} />
    </>
  );
}
