"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ListTable, Td } from "@/components/ui/table";
import { Button } from "@/components/ui/button";
import { EditKeyForm } from "./edit-key-form";
import { KeyBudget } from "./key-budget";
import { RevokeKeyButton } from "./revoke-key-button";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

export function KeyList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState<string | null>(null);
  const keys = useInfiniteQuery(
    trpc.apiKeys.list.infiniteQueryOptions({ projectId, limit: 50 }, afterCursor),
  );

  return (
    <PagedList
      pages={keys}
      rowsOf={(page) => page.api_keys}
      loading="Loading keys"
      empty={
        <Empty title="No active keys in this project." testId="no-api-keys">
          Create one above to call the API from your code.
        </Empty>
      }
    >
      {(rows) => (
        <>
          <ListTable label="API keys" columns={["Name", "Key", "Scope", "Limits and this month", "Created", "Last used"]} actions>
            {rows.map((key) => (
              <Fragment key={key.id}>
                <tr data-testid="api-key-row" data-key-id={key.id}>
                  <Td className="max-w-[10rem] truncate font-medium sm:max-w-[16rem]" title={key.name}>{key.name}</Td>
                  <Td className="font-mono text-xs" data-testid="api-key-masked">{`swk_${key.prefix}…${key.last4}`}</Td>
                  <Td>{key.scope}</Td>
                  <Td>
                    <KeyBudget apiKey={key} />
                  </Td>
                  <Td className="text-slate-600">{when(key.created_at)}</Td>
                  <Td className="text-slate-600">{when(key.last_used_at)}</Td>
                  <Td className="text-right">
                    {/* Level with the row's text: the button's own padding would push it down. */}
                    <div className="-my-2 flex justify-end gap-2">
                      <Button variant="secondary" aria-label={`Edit ${key.name}`} aria-expanded={editing === key.id} onClick={() => setEditing(editing === key.id ? null : key.id)}>
                        Edit
                      </Button>
                      <RevokeKeyButton projectId={projectId} id={key.id} name={key.name} />
                    </div>
                  </Td>
                </tr>
                {editing === key.id && (
                  <tr data-testid="api-key-edit">
                    <Td colSpan={7}>
                      <EditKeyForm projectId={projectId} apiKey={key} onDone={() => setEditing(null)} />
                    </Td>
                  </tr>
                )}
              </Fragment>
            ))}
          </ListTable>
          <p className="mt-3 text-xs text-slate-600">Revoking a key also revokes every key it created through the API, and theirs.</p>
        </>
      )}
    </PagedList>
  );
}
