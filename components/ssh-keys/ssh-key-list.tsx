"use client";
// The project's SSH keys, by name and fingerprint (as `ssh-keygen -lf` prints it), each deleted after confirming.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { formatTime } from "@/components/console/format-time";
import { RoleOnly } from "@/components/console/role";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { Moment } from "@/components/ui/moment";
import { ListSearch, useListSearch, wantsSearch } from "@/components/ui/list-search";

export function SshKeyList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const search = useListSearch();
  const keys = useInfiniteQuery(
    trpc.sshKeys.list.infiniteQueryOptions({ projectId, limit: 50, ...search.input }, afterCursor),
  );

  return (
    <>
    <ListSearch label="Search SSH keys by name" search={search} shown={wantsSearch(search, keys, (page: { ssh_keys: unknown[] }) => page.ssh_keys)} />
    <PagedList
      pages={keys}
      rowsOf={(page) => page.ssh_keys}
      loading="Loading SSH keys"
      empty={
        search.q ? <Empty title="No SSH key matches" testId="no-match">Nothing in this project has a name holding “{search.q}”.</Empty> :
        <Empty title="No SSH keys in this project yet" testId="no-ssh-keys">
          Add one above: every new instance needs a key to let you in.
        </Empty>
      }
    >
      {(rows) => (
        <ListTable label="SSH keys" columns={["Name", "Fingerprint", "Added"]} actions>
          {rows.map((key) => (
            <tr key={key.id} data-testid="ssh-key-row" data-ssh-key-id={key.id}>
              <Td label="Name" className="max-w-[14rem] break-words">
                <span className="font-medium">{key.name}</span>
                <span className="block font-mono text-xs text-slate-500">{key.public_key.split(" ")[0]}</span>
              </Td>
              <Td label="Fingerprint" className="break-all font-mono text-xs" data-testid="ssh-key-fingerprint">
                {key.fingerprint}
              </Td>
              <Td label="Added" className="text-slate-600"><Moment at={key.created_at} /></Td>
              <ActionsTd>
                <RoleOnly least="developer">
                  <DeleteSshKeyButton projectId={projectId} id={key.id} name={key.name} />
                </RoleOnly>
              </ActionsTd>
            </tr>
          ))}
        </ListTable>
      )}
    </PagedList>
    </>
  );
}

function DeleteSshKeyButton({ projectId, id, name }: { projectId: string; id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.sshKeys.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.sshKeys.list.pathFilter()) }));
  return (
    <ConfirmMutation
      mutation={remove}
      ariaLabel={`Delete SSH key ${name}`}
      onConfirm={() => remove.mutate({ projectId, id })}
    />
  );
}
