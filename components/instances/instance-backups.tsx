"use client";
// Backups the service took of one instance (when its backups are on), newest first.
import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { Loaded } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ListTable, Td } from "@/components/ui/table";
import { ImageStatusBadge } from "./image-status-badge";
import { isMoving } from "./instance-status";
import { Moment } from "@/components/ui/moment";

export function InstanceBackups({ projectId, instance }: { projectId: string; instance: { id: string; status: string; backups: boolean } }) {
  const trpc = useTRPC();
  const backups = useQuery(
    trpc.instances.backups.queryOptions(
      { projectId, id: instance.id },
      { refetchInterval: (query) => (isMoving(instance.status) || query.state.data?.backups.some((b) => b.status === "pending") ? 1_500 : false) },
    ),
  );

  return (
    <Loaded query={backups} loading="Loading backups">
      {({ backups: rows }) =>
        rows.length === 0 ? (
          <Empty title="No backups yet" testId="no-backups">
            {instance.backups
              ? "Backups are on; none has been taken yet."
              : "Backups are off for this instance. Turn them on under Settings."}
          </Empty>
        ) : (
          <ListTable label="Backups" columns={["Taken", "Status", "Size"]}>
            {rows.map((backup) => (
              <tr key={backup.id} data-testid="backup-row">
                <Td label="Taken"><Moment at={backup.created_at} /></Td>
                <Td label="Status">
                  <ImageStatusBadge status={backup.status} />
                </Td>
                <Td label="Size" className="tabular-nums">{backup.status === "available" ? `${backup.size_gb} GB` : "—"}</Td>
              </tr>
            ))}
          </ListTable>
        )
      }
    </Loaded>
  );
}
