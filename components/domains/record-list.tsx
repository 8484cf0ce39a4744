"use client";
// The records of one domain, each edited in its row or deleted after confirming; the NS and SOA
// records the service keeps at the domain itself are shown read-only.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { RoleOnly } from "@/components/console/role";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { Button } from "@/components/ui/button";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { isReadOnlyRecordType } from "@/server/vocab/dns-record-types";
import { EditRecordForm } from "./edit-record-form";

/** The domain's records, one cache entry for the page and the list (the page reads it to see the domain exists). */
export function useDomainRecords(projectId: string, domain: string) {
  const trpc = useTRPC();
  return useInfiniteQuery(
    trpc.domains.records.infiniteQueryOptions({ projectId, domain, limit: 100 }, afterCursor),
  );
}

export function RecordList({ projectId, domain }: { projectId: string; domain: string }) {
  const records = useDomainRecords(projectId, domain);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <PagedList
      pages={records}
      rowsOf={(page) => page.records}
      loading="Loading records"
      empty={
        <Empty title={`No records for ${domain} yet`} testId="no-records">
          Add an A record to point the domain at an instance&apos;s IPv4 address.
        </Empty>
      }
    >
      {(rows) => (
        <ListTable label={`Records of ${domain}`} columns={["Type", "Name", "Value", "TTL", "Priority"]} actions>
          {rows.map((record) =>
            editing === record.id ? (
              <tr key={record.id} data-testid="record-row-editing">
                <Td colSpan={6}>
                  <EditRecordForm projectId={projectId} domain={domain} record={record} onDone={() => setEditing(null)} />
                </Td>
              </tr>
            ) : (
              <tr key={record.id} data-testid={isReadOnlyRecordType(record.type) ? "kept-record-row" : "record-row"}>
                <Td label="Type">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-700">{record.type}</span>
                </Td>
                <Td label="Name" className="max-w-[14rem] break-all font-mono text-xs" title={record.fqdn}>
                  {record.name}
                </Td>
                <Td label="Value" className="max-w-[12rem] break-all font-mono text-xs sm:max-w-[22rem]">{record.value}</Td>
                <Td label="TTL" className="tabular-nums">{record.ttl}</Td>
                <Td label="Priority" className="tabular-nums">{record.priority ?? "—"}</Td>
                <ActionsTd>
                  {isReadOnlyRecordType(record.type) ? (
                    <span className="px-3 py-2 text-xs text-slate-500" title="Kept by the service: the domain's name servers">
                      Read-only
                    </span>
                  ) : (
                    <RoleOnly least="developer">
                      <Button variant="ghost" onClick={() => setEditing(record.id)} aria-label={`Edit record ${record.type} ${record.fqdn}`}>
                        Edit
                      </Button>
                      <DeleteRecordButton projectId={projectId} domain={domain} id={record.id} label={`${record.type} ${record.fqdn}`} />
                    </RoleOnly>
                  )}
                </ActionsTd>
              </tr>
            ),
          )}
        </ListTable>
      )}
    </PagedList>
  );
}

function DeleteRecordButton({ projectId, domain, id, label }: { projectId: string; domain: string; id: string; label: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.domains.deleteRecord.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.domains.records.pathFilter()) }));
  return (
    <ConfirmMutation
      mutation={remove}
      ariaLabel={`Delete record ${label}`}
      onConfirm={() => remove.mutate({ projectId, domain, id })}
    />
  );
}
