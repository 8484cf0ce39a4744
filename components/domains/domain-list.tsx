"use client";
// The project's domains; each opens its records, and is deleted (with all its records) after confirming.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { RoleOnly } from "@/components/console/role";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { Moment } from "@/components/ui/moment";
import { ListSearch, useListSearch, wantsSearch } from "@/components/ui/list-search";

export function DomainList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const search = useListSearch();
  const domains = useInfiniteQuery(
    trpc.domains.list.infiniteQueryOptions({ projectId, limit: 50, ...search.input }, afterCursor),
  );
  return (
    <>
    <ListSearch label="Search domains by name" search={search} shown={wantsSearch(search, domains, (page: { domains: unknown[] }) => page.domains)} />
    <PagedList
      pages={domains}
      rowsOf={(page) => page.domains}
      loading="Loading domains"
      empty={
        search.q ? <Empty title="No domain matches" testId="no-match">Nothing in this project has a name holding “{search.q}”.</Empty> :
        <Empty title="No domains in this project yet" testId="no-domains">
          Add a domain above, then give it A, AAAA, CNAME, TXT and MX records.
        </Empty>
      }
    >
      {(rows) => (
        <ListTable label="Domains" columns={["Domain", "Name servers", "Served", "Added"]} actions>
          {rows.map((domain) => (
            <tr key={domain.id} data-testid="domain-row">
              <Td label="Domain" className="max-w-[20rem]">
                <Link href={`/domains/${encodeURIComponent(domain.name)}`} className="break-all font-medium text-slate-900 underline-offset-2 hover:underline">
                  {domain.name}
                </Link>
              </Td>
              <Td label="Name servers" className="font-mono text-xs text-slate-600">{domain.name_servers.join(", ")}</Td>
              <Td label="Served">
                <ServedBadge served={domain.served} />
              </Td>
              <Td label="Added" className="text-slate-600"><Moment at={domain.created_at} /></Td>
              <ActionsTd>
                <RoleOnly least="developer">
                  <DeleteDomainButton projectId={projectId} name={domain.name} />
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

/** Whether a name server answers for the zone, or the records are only kept here. */
export function ServedBadge({ served }: { served: boolean }) {
  return served ? (
    <span data-testid="zone-served" className="text-emerald-700">Answered by the name server</span>
  ) : (
    <span data-testid="zone-not-served" className="text-slate-600" title="No name server answers for this zone: this cloud stores the records only (or is writing a new zone).">
      Not served: records stored only
    </span>
  );
}

function DeleteDomainButton({ projectId, name }: { projectId: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.domains.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.domains.list.pathFilter()) }));
  return (
    <ConfirmMutation
      mutation={remove}
      ariaLabel={`Delete domain ${name}`}
      confirmLabel="Delete with its records"
      onConfirm={() => remove.mutate({ projectId, domain: name })}
    />
  );
}
