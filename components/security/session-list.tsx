"use client";
// The Security page's list of this user's console sessions (browser, address, when it began and was
// last used), this browser's marked, each other one with "End this session".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { StackedCell, StackedRow, StackedTable } from "@/components/ui/stacked-table";
import { LoadError, Loading } from "@/components/ui/states";
import { Moment } from "@/components/ui/moment";


function EndSession({ id, browser }: { id: string; browser: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const end = useMutation(trpc.account.endSession.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() }) }));
  return (
    <ConfirmButton
      label="End this session"
      ariaLabel={`End the session of ${browser}`}
      confirmLabel="Yes, end it"
      pendingLabel="Ending…"
      pending={end.isPending}
      error={end.error?.message}
      onConfirm={() => end.mutate({ sessionId: id })}
    />
  );
}

export function SessionList() {
  const trpc = useTRPC();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  if (sessions.isPending) return <Loading label="Loading your sessions" />;
  if (sessions.isError) return <LoadError error={sessions.error} retry={sessions.refetch} />;
  return (
    <StackedTable label="Your sessions" columns={["Browser", "Address", "Signed in", "Last seen", ""]}>
      {sessions.data.sessions.map((session) => (
        <StackedRow key={session.id} data-testid="session" data-current={String(session.current)}>
          <StackedCell label="Browser">
            {session.browser} {session.current && <Badge tone="good">This browser</Badge>}
          </StackedCell>
          <StackedCell label="Address" className="font-mono text-xs text-slate-600">
            {session.address ?? <span className="font-sans text-slate-500">not recorded</span>}
          </StackedCell>
          <StackedCell label="Signed in" className="whitespace-nowrap text-slate-600">
            <Moment at={session.createdAt} />
          </StackedCell>
          <StackedCell label="Last seen" className="whitespace-nowrap text-slate-600">
            <Moment at={session.lastSeenAt} relative />
          </StackedCell>
          <StackedCell label="">{!session.current && <EndSession id={session.id} browser={session.browser} />}</StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
