"use client";
// The snapshots of one instance, each with its status and size, deleted after confirming.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { RoleOnly } from "@/components/console/role";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { Empty } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { ImageStatusBadge } from "./image-status-badge";
import { Moment } from "@/components/ui/moment";

type SnapshotRow = { id: string; name: string; status: string; size_gb: number; created_at: string | null };

export function SnapshotTable({ projectId, rows, more }: { projectId: string; rows: SnapshotRow[]; more: boolean }) {
  if (rows.length === 0) {
    return (
      <Empty title="No snapshots of this instance" testId="no-snapshots">
        A snapshot keeps the disk as it is now; a new instance can start from it.
      </Empty>
    );
  }
  return (
    <>
      <ListTable label="Snapshots" columns={["Name", "Status", "Size", "Taken"]} actions>
        {rows.map((snapshot) => (
          <tr key={snapshot.id} data-testid="snapshot-row">
            <Td label="Name" className="max-w-[16rem] break-words font-medium">{snapshot.name}</Td>
            <Td label="Status">
              <ImageStatusBadge status={snapshot.status} />
            </Td>
            <Td label="Size" className="tabular-nums">{snapshot.status === "available" ? `${snapshot.size_gb} GB` : "—"}</Td>
            <Td label="Taken" className="text-slate-600"><Moment at={snapshot.created_at} /></Td>
            <ActionsTd>
              <RoleOnly least="developer">
                {snapshot.status === "available" && (
                  <Link href={`/instances?snapshot=${snapshot.id}`} className="mr-3 text-sm font-medium text-slate-700 underline" aria-label={`New instance from snapshot ${snapshot.name}`}>
                    New instance from it
                  </Link>
                )}
                <DeleteSnapshotButton projectId={projectId} snapshot={snapshot} />
              </RoleOnly>
            </ActionsTd>
          </tr>
        ))}
      </ListTable>
      {more && <p className="mt-2 text-xs text-slate-500">Only the project&apos;s 100 newest snapshots are looked at here.</p>}
    </>
  );
}

function DeleteSnapshotButton({ projectId, snapshot }: { projectId: string; snapshot: SnapshotRow }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.instances.deleteSnapshot.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.instances.snapshots.pathFilter()) }),
  );
  return (
    <ConfirmMutation
      mutation={remove}
      ariaLabel={`Delete snapshot ${snapshot.name}`}
      onConfirm={() => remove.mutate({ projectId, id: snapshot.id })}
    />
  );
}
