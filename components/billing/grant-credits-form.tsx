"use client";
// An operator grants credits to a workspace (its own by default); the ledger records a grant.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { formatCredits } from "@/components/console/format-credits";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

const byCode = { not_found: "workspaceId" };

export function GrantCreditsForm({ ownWorkspaceId }: { ownWorkspaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const grant = useMutation(
    trpc.operator.grantCredits.mutationOptions({
      onSuccess: (result, input) => {
        setDone(`Granted ${formatCredits(input.credits)} to ${input.workspaceId}; its balance is now ${formatCredits(result.balance)}.`);
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
        // The header shows the balance too (rendered by the server).
        router.refresh();
      },
    }),
  );
  const errors = fieldErrors(grant.error, byCode);
  const general = formError(grant.error, ["workspaceId", "credits"], byCode);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const form = new FormData(event.currentTarget);
    grant.mutate({ workspaceId: String(form.get("workspaceId")).trim(), credits: Number(form.get("credits")) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Grant credits">
      <TextField label="Workspace id" name="workspaceId" defaultValue={ownWorkspaceId} required spellCheck={false} error={errors.workspaceId} />
      <TextField label="Credits" name="credits" type="number" step="any" min={0} inputMode="decimal" required placeholder="e.g. 50" error={errors.credits} />
      {general && <Alert>{general}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <Button type="submit" disabled={grant.isPending}>
        {grant.isPending ? "Granting…" : "Grant credits"}
      </Button>
    </form>
  );
}
