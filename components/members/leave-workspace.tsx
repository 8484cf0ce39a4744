"use client";
// Any member may leave the workspace but its last owner: to them the page says what to do first
// instead of offering a Leave the service would refuse. The console then opens the member's next
// workspace, or sign-in when none is left.
import { useMutation, useQuery } from "@tanstack/react-query";
import { openWorkspace } from "@/components/console/open-workspace";
import { useTRPC } from "@/components/providers";
import { ConfirmMutation } from "@/components/ui/confirm-button";

export function LeaveWorkspace({ name }: { name: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const leave = useMutation(trpc.members.leave.mutationOptions({ onSuccess: openWorkspace }));
  const list = members.data?.members ?? [];
  const me = list.find((member) => member.you);
  const lastOwner = me?.role === "owner" && list.filter((member) => member.role === "owner").length === 1;
  if (lastOwner) {
    return (
      <p className="text-sm text-slate-600" data-testid="leave-workspace">
        You are the only owner of {name}, so you cannot leave it: make another member an owner first (their role above), then leave.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="leave-workspace">
      <p className="text-sm text-slate-600">You lose access to {name} at once; an owner can invite you again.</p>
      <ConfirmMutation
        mutation={leave}
        variant="secondary"
        label="Leave workspace"
        confirmLabel="Confirm leave"
        pendingLabel="Leaving…"
        ariaLabel={`Leave ${name}`}
        onConfirm={() => leave.mutate()}
      />
    </div>
  );
}
