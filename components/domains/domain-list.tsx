"use client";
// The project's domains; each opens its records, and is deleted (with all its records) after confirming.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { afterCursor, ShowMore } from "@/components/ui/show-more";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { ActionsTd, Table, TBody, Td, Th } from "@/components/ui/table";

export function DomainList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const domains = useInfiniteQuery(
    trpc.domains.list.infiniteQueryOptions({ projectId, limit: 50 }, afterCursor),
  );

  if (domains.isPending) return <Loading label="Loading domains" />;
  if (domains.isError) return <LoadError error={domains.error} />;
  const rows = domains.data.pages.flatMap((page) => page.domains);
  if (rows.length === 0) {
    return (
      <Empty title="No domains in this project yet" testId="no-domains">
        Add a domain above, then give it A, AAAA, CNAME, TXT and MX records.
      </Empty>
    );
  }
  return (
    <>
      <Table label="Domains">
        <thead>
          <tr>
            <Th>Domain</Th>
            <Th>Added</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <TBody>
          {rows.map((domain) => (
            <tr key={domain.id} data-testid="domain-row">
              <Td className="max-w-[20rem]">
                <Link href={`/domains/${encodeURIComponent(domain.name)}`} className="break-all font-medium text-slate-900 underline-offset-2 hover:underline">
                  {domain.name}
                </Link>
              </Td>
              <Td className="text-slate-600">{formatTime(domain.created_at)}</Td>
              <ActionsTd><DeleteDomainButton projectId={projectId} name={domain.name} /></ActionsTd>
            </tr>
          ))}
        </TBody>
      </Table>
      <ShowMore pages={domains} />
    </>
  );
}

function DeleteDomainButton({ projectId, name }: { projectId: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.domains.delete.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.domains.list.pathFilter()) }));
  return (
    <ConfirmButton
      label="Delete"
      ariaLabel={`Delete domain ${name}`}
      confirmLabel="Delete with its records"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate({ projectId, domain: name })}
    />
  );
}
