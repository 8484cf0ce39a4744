"use client";
// The snapshots of one instance, each with its status and size, deleted after confirming.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Empty } from "@/components/ui/states";
import { ActionsTd, Table, TBody, Td, Th } from "@/components/ui/table";
import { ImageStatusBadge } from "./image-status-badge";

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
      <Table label="Snapshots">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Status</Th>
            <Th>Size</Th>
            <Th>Taken</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <TBody>
          {rows.map((snapshot) => (
            <tr key={snapshot.id} data-testid="snapshot-row">
              <Td className="max-w-[16rem] break-words font-medium">{snapshot.name}</Td>
              <Td>
                <ImageStatusBadge status={snapshot.status} />
              </Td>
              <Td className="tabular-nums">{snapshot.status === "available" ? `${snapshot.size_gb} GB` : "—"}</Td>
              <Td className="text-slate-600">{formatTime(snapshot.created_at)}</Td>
              <ActionsTd>
                {snapshot.status === "available" && (
                  <Link href={`/instances?snapshot=${snapshot.id}`} className="mr-3 text-sm font-medium text-slate-700 underline" aria-label={`New instance from snapshot ${snapshot.name}`}>
                    New instance from it
                  </Link>
                )}
                <DeleteSnapshotButton projectId={projectId} snapshot={snapshot} />
              </ActionsTd>
            </tr>
          ))}
        </TBody>
      </Table>
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
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete snapshot ${snapshot.name}`}
      confirmLabel="Confirm delete"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate({ projectId, id: snapshot.id })}
    />
  );
}
