"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { ConfirmMutation } from "@/components/ui/confirm-button";

export function RevokeKeyButton({ projectId, id, name }: { projectId: string; id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({ onSettled: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()) }),
  );
  return (
    <ConfirmMutation
      mutation={revoke}
      label="Revoke"
      ariaLabel={`Revoke ${name}`}
      confirmLabel="Confirm revoke"
      pendingLabel="Revoking…"
      onConfirm={() => revoke.mutate({ projectId, id })}
    />
  );
}
