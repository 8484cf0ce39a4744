"use client";
// The project's SSH keys, by name and fingerprint (as `ssh-keygen -lf` prints it), each deleted after confirming.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { afterCursor, ShowMore } from "@/components/ui/show-more";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { ActionsTd, Table, TBody, Td, Th } from "@/components/ui/table";

export function SshKeyList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const keys = useInfiniteQuery(
    trpc.sshKeys.list.infiniteQueryOptions({ projectId, limit: 50 }, afterCursor),
  );

  if (keys.isPending) return <Loading label="Loading SSH keys" />;
  if (keys.isError) return <LoadError error={keys.error} />;
  const rows = keys.data.pages.flatMap((page) => page.ssh_keys);
  if (rows.length === 0) {
    return (
      <Empty title="No SSH keys in this project yet" testId="no-ssh-keys">
        Add one above: every new instance needs a key to let you in.
      </Empty>
    );
  }
  return (
    <>
      <Table label="SSH keys">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Fingerprint</Th>
            <Th>Added</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <TBody>
          {rows.map((key) => (
            <tr key={key.id} data-testid="ssh-key-row" data-ssh-key-id={key.id}>
              <Td className="max-w-[14rem] break-words">
                <span className="font-medium">{key.name}</span>
                <span className="block font-mono text-xs text-slate-500">{key.public_key.split(" ")[0]}</span>
              </Td>
              <Td className="font-mono text-xs" data-testid="ssh-key-fingerprint">
                {key.fingerprint}
              </Td>
              <Td className="text-slate-600">{formatTime(key.created_at)}</Td>
              <ActionsTd><DeleteSshKeyButton projectId={projectId} id={key.id} name={key.name} /></ActionsTd>
            </tr>
          ))}
        </TBody>
      </Table>
      <ShowMore pages={keys} />
    </>
  );
}

function DeleteSshKeyButton({ projectId, id, name }: { projectId: string; id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.sshKeys.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.sshKeys.list.pathFilter()) }));
  return (
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete SSH key ${name}`}
      confirmLabel="Confirm delete"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate({ projectId, id })}
    />
  );
}
