"use client";
// The current workspace's name and the member's role in it, in the header; a choice of workspace
// when the member belongs to more than one (workspaces.list), moving the session to the chosen one.
import { useMutation, useQuery } from "@tanstack/react-query";
import { plainMessage } from "@/components/console/plain-message";
import { useTRPC } from "@/components/providers";
import { openWorkspace } from "./open-workspace";
import { useRole } from "./role";

export function WorkspaceSwitcher({ name, id = "workspace-switcher" }: { name: string; id?: string }) {
  const trpc = useTRPC();
  const { role } = useRole();
  const list = useQuery(trpc.workspaces.list.queryOptions());
  const switchTo = useMutation(trpc.workspaces.switch.mutationOptions({ onSuccess: openWorkspace }));
  const workspaces = list.data?.workspaces ?? [];
  const current = workspaces.find((w) => w.current);
  return (
    <span className="flex min-w-0 items-center gap-2">
      {workspaces.length > 1 && current ? (
        <>
          <label htmlFor={id} className="sr-only">
            Workspace
          </label>
          <select
            id={id}
            data-testid="workspace-switcher"
            value={current.id}
            disabled={switchTo.isPending || switchTo.isSuccess}
            onChange={(event) => switchTo.mutate({ workspaceId: event.target.value })}
            className="max-w-[12rem] truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-medium"
          >
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name} ({w.role})
              </option>
            ))}
          </select>
        </>
      ) : (
        <span data-testid="workspace-name" className="truncate font-medium">
          {name}
        </span>
      )}
      <span data-testid="workspace-role" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700">
        {role}
      </span>
      {switchTo.error && (
        <span role="alert" className="text-xs text-red-600">
          {plainMessage(switchTo.error.message)}
        </span>
      )}
    </span>
  );
}
