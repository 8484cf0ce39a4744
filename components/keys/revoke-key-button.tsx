"use client";
// Revoking asks for a second click in place, not a browser dialog (blocking, and unstyled).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/providers";
import { Button } from "@/components/ui/button";

export function RevokeKeyButton({ projectId, id, name }: { projectId: string; id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({ onSettled: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()) }),
  );

  if (!confirming) {
    return (
      <Button variant="ghost" aria-label={`Revoke ${name}`} onClick={() => setConfirming(true)}>
        Revoke
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      {revoke.error && <span role="alert" className="text-xs text-red-600">{revoke.error.message}</span>}
      <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ projectId, id })}>
        {revoke.isPending ? "Revoking…" : "Confirm revoke"}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(false)}>
        Cancel
      </Button>
    </span>
  );
}
