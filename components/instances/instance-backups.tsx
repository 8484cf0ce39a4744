"use client";
// Backups the service took of one instance (when its backups are on), newest first.
import { useQuery } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { Table, TBody, Td, Th } from "@/components/ui/table";
import { ImageStatusBadge } from "./image-status-badge";
import { isMoving } from "./instance-status";

export function InstanceBackups({ projectId, instance }: { projectId: string; instance: { id: string; status: string; backups: boolean } }) {
  const trpc = useTRPC();
  const backups = useQuery(
    trpc.instances.backups.queryOptions(
      { projectId, id: instance.id },
      { refetchInterval: (query) => (isMoving(instance.status) || query.state.data?.backups.some((b) => b.status === "pending") ? 1_500 : false) },
    ),
  );

  if (backups.isPending) return <Loading label="Loading backups" />;
  if (backups.isError) return <LoadError error={backups.error} />;
  const rows = backups.data.backups;
  if (rows.length === 0) {
    return (
      <Empty title="No backups yet" testId="no-backups">
        {instance.backups
          ? "Backups are on; none has been taken yet."
          : "Backups are off for this instance. Turn them on under Settings."}
      </Empty>
    );
  }
  return (
    <Table label="Backups">
      <thead>
        <tr>
          <Th>Taken</Th>
          <Th>Status</Th>
          <Th>Size</Th>
        </tr>
      </thead>
      <TBody>
        {rows.map((backup) => (
          <tr key={backup.id} data-testid="backup-row">
            <Td>{formatTime(backup.created_at)}</Td>
            <Td>
              <ImageStatusBadge status={backup.status} />
            </Td>
            <Td className="tabular-nums">{backup.status === "available" ? `${backup.size_gb} GB` : "—"}</Td>
          </tr>
        ))}
      </TBody>
    </Table>
  );
}
