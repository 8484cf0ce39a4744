"use client";
// Everything done to one instance, newest first (GET /v1/instances/{id}/actions): what ran, how it
// ended, and in the words of the service why a failed one failed. Polls while one is in progress.
import { useInfiniteQuery } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { PagedList } from "@/components/ui/paged-list";
import { afterCursor } from "@/components/ui/show-more";
import { Empty } from "@/components/ui/states";
import { ListTable, Td } from "@/components/ui/table";
import { isMoving } from "./instance-status";
import { Moment } from "@/components/ui/moment";

const tones: Record<string, BadgeTone> = { in_progress: "busy", completed: "good", failed: "bad" };
const words: Record<string, string> = {
  create: "Create", power_on: "Power on", power_off: "Power off", reboot: "Reboot", resize: "Resize", snapshot: "Snapshot", backup: "Backup", delete: "Delete",
};

export function InstanceActions({ projectId, instance }: { projectId: string; instance: { id: string; status: string } }) {
  const trpc = useTRPC();
  const actions = useInfiniteQuery(
    trpc.instances.actions.infiniteQueryOptions(
      { projectId, id: instance.id, limit: 20 },
      {
        ...afterCursor,
        refetchInterval: (query) =>
          isMoving(instance.status) || query.state.data?.pages.some((page) => page.actions.some((a) => a.status === "in_progress")) ? 1_500 : false,
      },
    ),
  );
  return (
    <PagedList pages={actions} rowsOf={(page) => page.actions} loading="Loading the actions" empty={<Empty title="No actions yet">Each change of this instance shows here.</Empty>}>
      {(rows) => (
        <ListTable label="Actions" columns={["Action", "Status", "Started", "Finished"]}>
          {rows.map((action) => (
            <tr key={action.id} data-testid="action-row">
              <Td label="Action" className="max-w-[28rem]">
                <span className="font-medium">{words[action.type] ?? action.type}</span>
                {action.status_reason && (
                  <span className="mt-1 block text-xs text-red-700" data-testid="action-reason">
                    {action.status_reason}
                  </span>
                )}
              </Td>
              <Td label="Status">
                <Badge tone={tones[action.status] ?? "neutral"} testId="action-status">
                  {action.status.replace("_", " ")}
                </Badge>
              </Td>
              <Td label="Started" className="whitespace-nowrap text-slate-600"><Moment at={action.started_at} relative /></Td>
              <Td label="Finished" className="whitespace-nowrap text-slate-600"><Moment at={action.completed_at} relative /></Td>
            </tr>
          ))}
        </ListTable>
      )}
    </PagedList>
  );
}
