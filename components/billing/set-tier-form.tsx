"use client";
// An operator moves a workspace (its own by default) to another tier: its discount and rate limits.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { tierIds, tiers } from "@/server/vocab/tiers";

const byCode = { not_found: "workspaceId" };

const describe = (id: string) => {
  const tier = tiers[id];
  const discount = tier.discount > 0 ? `${Math.round(tier.discount * 100)} % off` : "no discount";
  return `${id}: ${discount}`;
};

export function SetTierForm({ ownWorkspaceId, ownTier }: { ownWorkspaceId: string; ownTier: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const setTier = useMutation(
    trpc.operator.setTier.mutationOptions({
      onSuccess: (result) => {
        setDone(`${result.workspaceId} is now on the ${result.tier} tier.`);
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
        router.refresh();
      },
    }),
  );
  const errors = fieldErrors(setTier.error, byCode);
  const general = formError(setTier.error, ["workspaceId", "tier"], byCode);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    const form = new FormData(event.currentTarget);
    setTier.mutate({ workspaceId: String(form.get("workspaceId")).trim(), tier: String(form.get("tier")) });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Set a tier">
      <TextField label="Workspace id" name="workspaceId" defaultValue={ownWorkspaceId} required spellCheck={false} error={errors.workspaceId} />
      <SelectField label="Tier" name="tier" defaultValue={ownTier} error={errors.tier}>
        {tierIds.map((id) => (
          <option key={id} value={id}>
            {describe(id)}
          </option>
        ))}
      </SelectField>
      {general && <Alert>{general}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <Button type="submit" disabled={setTier.isPending}>
        {setTier.isPending ? "Saving…" : "Set tier"}
      </Button>
    </form>
  );
}
