"use client";
// Any member may leave the workspace (the service refuses its last owner, and says so here);
// the console then opens the member's next workspace, or sign-in when none is left.
import { useMutation } from "@tanstack/react-query";
import { openWorkspace } from "@/components/console/open-workspace";
import { useTRPC } from "@/components/providers";
import { ConfirmMutation } from "@/components/ui/confirm-button";

export function LeaveWorkspace({ name }: { name: string }) {
  const trpc = useTRPC();
  const leave = useMutation(trpc.members.leave.mutationOptions({ onSuccess: openWorkspace }));
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
