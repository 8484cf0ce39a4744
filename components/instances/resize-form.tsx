"use client";
// A resize is a plan change (PATCH with `plan`), possible while the instance runs or is stopped.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { LoadError, Loading } from "@/components/ui/states";
import { useInstanceChanged } from "./instance-changed";
import { refusal } from "./instance-status";
import { planRate, planSize } from "./plan-summary";

export function ResizeForm({ projectId, instance }: { projectId: string; instance: { id: string; status: string; plan: string } }) {
  const trpc = useTRPC();
  const changed = useInstanceChanged(projectId, instance.id);
  const catalog = useQuery(trpc.instances.catalog.queryOptions(undefined, { staleTime: Infinity }));
  const [plan, setPlan] = useState(instance.plan);
  const resize = useMutation(trpc.instances.update.mutationOptions({ onSettled: changed }));

  if (catalog.isPending) return <Loading label="Loading plans" />;
  if (catalog.isError) return <LoadError error={catalog.error} retry={() => catalog.refetch()} />;
  const reason = refusal("resize", instance.status);
  const chosen = catalog.data.plans.find((option) => option.id === plan);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resize.mutate({ projectId, id: instance.id, changes: { plan } });
  };
  const general = formError(resize.error, ["plan"]);

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Resize">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <SelectField label="Plan" value={plan} onChange={(event) => setPlan(event.target.value)} error={fieldErrors(resize.error).plan}>
          {catalog.data.plans.map((option) => (
            <option key={option.id} value={option.id}>
              {option.id}
              {option.id === instance.plan ? " (current)" : ""}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={reason !== null || plan === instance.plan || resize.isPending}>
          {resize.isPending ? "Resizing…" : "Resize"}
        </Button>
      </div>
      {chosen && (
        <p className="text-sm text-slate-700" data-testid="resize-plan-detail">
          {planSize(chosen)} · {planRate(chosen)}
        </p>
      )}
      {reason ? (
        <p className="text-xs text-slate-500">{reason}</p>
      ) : (
        <p className="text-xs text-slate-500">The instance keeps its status; it is briefly unavailable while it resizes.</p>
      )}
      {general && <Alert>{general}</Alert>}
    </form>
  );
}
