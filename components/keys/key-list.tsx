"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useTRPC } from "@/components/providers";
import { afterCursor } from "@/components/ui/show-more";
import { PagedList } from "@/components/ui/paged-list";
import { Empty } from "@/components/ui/states";
import { ActionsTd, ListTable, Td } from "@/components/ui/table";
import { formatTime } from "@/components/console/format-time";
import { Button } from "@/components/ui/button";
import { EditKeyForm } from "./edit-key-form";
import { KeyBudget } from "./key-budget";
import { RevokeKeyButton } from "./revoke-key-button";
import { Moment } from "@/components/ui/moment";
import { ListSearch, useListSearch, wantsSearch } from "@/components/ui/list-search";

export function KeyList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const [editing, setEditing] = useState<string | null>(null);
  const search = useListSearch();
  const keys = useInfiniteQuery(
    trpc.apiKeys.list.infiniteQueryOptions({ projectId, limit: 50, ...search.input }, afterCursor),
  );

  return (
    <>
    <ListSearch label="Search keys by name" search={search} shown={wantsSearch(search, keys, (page: { api_keys: unknown[] }) => page.api_keys)} />
    <PagedList
      pages={keys}
      rowsOf={(page) => page.api_keys}
      loading="Loading keys"
      empty={
        search.q ? <Empty title="No key matches" testId="no-match">No active key in this project has a name holding “{search.q}”.</Empty> : <Empty title="No active keys in this project." testId="no-api-keys">
          Create one above to call the API from your code.
        </Empty>
      }
    >
      {(rows) => (
        <>
          <ListTable label="API keys" columns={["Name and key", "Scope", "Limits and this month", "Last used"]} actions>
            {rows.map((key) => (
              <Fragment key={key.id}>
                <tr data-testid="api-key-row" data-key-id={key.id}>
                  <Td label="Name" className="max-w-[16rem]">
                    <span className="block truncate font-medium" title={key.name}>{key.name}</span>
                    <span className="block font-mono text-xs text-slate-600" data-testid="api-key-masked">{`swk_${key.prefix}…${key.last4}`}</span>
                  </Td>
                  <Td label="Scope">{key.scope}</Td>
                  <Td label="Limits">
                    <KeyBudget apiKey={key} />
                  </Td>
                  <Td label="Last used" className="text-slate-600">
                    <span>
                      <span className="block"><Moment at={key.last_used_at} relative never="never" /></span>
                      <span className="block text-xs">created <Moment at={key.created_at} /></span>
                    </span>
                  </Td>
                  <ActionsTd>
                    <Button variant="secondary" aria-label={`Edit ${key.name}`} aria-expanded={editing === key.id} onClick={() => setEditing(editing === key.id ? null : key.id)}>
                      Edit
                    </Button>
                    <RevokeKeyButton projectId={projectId} id={key.id} name={key.name} />
                  </ActionsTd>
                </tr>
                {editing === key.id && (
                  <tr data-testid="api-key-edit">
                    <Td colSpan={5}>
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
    </>
  );
}
