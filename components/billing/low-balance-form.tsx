"use client";
// The low-balance alert: the threshold below which the balance is low (the overview's notice, the
// billing.balance_low event) and whether the owners are mailed when a charge takes it below.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Loading, LoadError } from "@/components/ui/states";

export function LowBalanceForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const alert = useQuery(trpc.billing.lowBalanceAlert.queryOptions());
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.billing.updateLowBalanceAlert.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        void queryClient.invalidateQueries(trpc.billing.lowBalanceAlert.pathFilter());
      },
    }),
  );
  if (alert.isPending) return <Loading label="Loading the low-balance alert" />;
  if (alert.isError) return <LoadError error={alert.error} retry={() => alert.refetch()} />;
  const errors = fieldErrors(update.error, {});
  const general = formError(update.error, ["threshold_credits"], {});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    update.mutate({ threshold_credits: Number(form.get("threshold")), mail_owners: form.get("mail") === "on" });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Low-balance alert" data-testid="low-balance-alert">
      <TextField label="Low-balance threshold (credits)" name="threshold" type="number" min={0} step="any" defaultValue={alert.data.threshold_credits} error={errors.threshold_credits} />
      <CheckboxField
        label="Mail the owners"
        name="mail"
        defaultChecked={alert.data.mail_owners}
        description="When a charge takes the balance below the threshold: one mail, and none again until the balance has been back at or above it."
      />
      {general && <Alert>{general}</Alert>}
      {saved && <Alert tone="success">Low-balance alert saved.</Alert>}
      <Button type="submit" disabled={update.isPending}>{update.isPending ? "Saving…" : "Save alert"}</Button>
    </form>
  );
}
