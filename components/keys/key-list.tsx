"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RevokeKeyButton } from "./revoke-key-button";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

export function KeyList({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const keys = useInfiniteQuery(
    trpc.apiKeys.list.infiniteQueryOptions({ projectId, limit: 50 }, { getNextPageParam: (page) => page.next_cursor ?? undefined }),
  );

  if (keys.isPending) return <p className="text-sm text-slate-500">Loading keys…</p>;
  if (keys.isError) return <Alert>{keys.error.message}</Alert>;
  const rows = keys.data.pages.flatMap((page) => page.api_keys);
  if (rows.length === 0) return <p className="text-sm text-slate-600" data-testid="no-api-keys">No active keys in this project.</p>;

  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 pr-4 font-medium">Name</th>
            <th className="py-2 pr-4 font-medium">Key</th>
            <th className="py-2 pr-4 font-medium">Scope</th>
            <th className="py-2 pr-4 font-medium">Created</th>
            <th className="py-2 pr-4 font-medium">Last used</th>
            <th className="py-2 font-medium"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((key) => (
            <tr key={key.id} data-testid="api-key-row" data-key-id={key.id}>
              <td className="py-2 pr-4 font-medium">{key.name}</td>
              <td className="py-2 pr-4 font-mono text-xs" data-testid="api-key-masked">{`swk_${key.prefix}…${key.last4}`}</td>
              <td className="py-2 pr-4">{key.scope}</td>
              <td className="py-2 pr-4 text-slate-600">{when(key.created_at)}</td>
              <td className="py-2 pr-4 text-slate-600">{when(key.last_used_at)}</td>
              <td className="py-2 text-right"><RevokeKeyButton projectId={projectId} id={key.id} name={key.name} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      {keys.hasNextPage && (
        <Button variant="secondary" className="mt-3" onClick={() => void keys.fetchNextPage()} disabled={keys.isFetchingNextPage}>
          {keys.isFetchingNextPage ? "Loading…" : "Show more"}
        </Button>
      )}
    </div>
  );
}
