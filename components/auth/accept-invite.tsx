"use client";
// Accepting an invitation while signed in: the session moves to the joined workspace and the
// console opens in it. Signed in with another email than the invited one, the service refuses and
// says so here.
import { useMutation } from "@tanstack/react-query";
import { openWorkspace } from "@/components/console/open-workspace";
import { plainMessage } from "@/components/console/plain-message";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export function AcceptInvite({ token }: { token: string }) {
  const trpc = useTRPC();
  const accept = useMutation(trpc.invites.accept.mutationOptions({ onSuccess: openWorkspace }));
  return (
    <div className="space-y-3">
      {accept.error && <Alert>{plainMessage(accept.error.message)}</Alert>}
      <Button className="w-full" disabled={accept.isPending || accept.isSuccess} onClick={() => accept.mutate({ token })}>
        {accept.isPending || accept.isSuccess ? "Joining…" : "Accept invitation"}
      </Button>
    </div>
  );
}
