"use client";
// Auto-recharge: the saved card (saved on the payment provider's page), the threshold, the target
// balance, an optional monthly cap; says why it turned itself off after failed charges.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { Loading, LoadError } from "@/components/ui/states";

const optional = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === "" ? null : Number(value));

export function AutoRechargeForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.billing.autoRecharge.queryOptions());
  const payments = useQuery(trpc.billing.paymentSettings.queryOptions());
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.billing.updateAutoRecharge.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        void queryClient.invalidateQueries(trpc.billing.autoRecharge.pathFilter());
      },
    }),
  );
  const setup = useMutation(trpc.billing.startCardSetup.mutationOptions({ onSuccess: (result) => window.location.assign(result.url) }));
  if (settings.isPending || payments.isPending) return <Loading label="Loading auto-recharge" />;
  if (settings.isError) return <LoadError error={settings.error} retry={() => settings.refetch()} />;
  if (payments.data?.enabled === false) return <Alert tone="info">{payments.data.howToEnable}</Alert>;
  const s = settings.data;
  const errors = fieldErrors(update.error, {});
  const general = formError(update.error, ["threshold_credits", "target_credits", "monthly_cap_credits"], {});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    update.mutate({
      enabled: form.get("enabled") === "on",
      threshold_credits: Number(form.get("threshold")),
      target_credits: optional(form.get("target")),
      amount_credits: null,
      monthly_cap_credits: optional(form.get("cap")),
    });
  };
  return (
    <div className="space-y-4" data-testid="auto-recharge">
      {s.disabled_reason && <Alert tone="warning">{s.disabled_reason}</Alert>}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span data-testid="saved-card">{s.payment_method ? `Card: ${s.payment_method.brand ?? "card"} •••• ${s.payment_method.last4 ?? "????"}` : "No card saved."}</span>
        <Button variant="secondary" onClick={() => setup.mutate()} disabled={setup.isPending}>
          {s.payment_method ? "Replace the card" : "Save a card"}
        </Button>
      </div>
      {setup.error && <Alert>{setup.error.message}</Alert>}
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3" aria-label="Auto-recharge">
        <div className="sm:col-span-3">
          <CheckboxField label="Recharge automatically" name="enabled" defaultChecked={s.enabled} description="When a charge takes the balance below the threshold, the saved card buys credits up to the target." />
        </div>
        <TextField label="Threshold (credits)" name="threshold" type="number" min={0} step="any" defaultValue={s.threshold_credits} error={errors.threshold_credits} />
        <TextField label="Target balance (credits)" name="target" type="number" min={0} step={1} defaultValue={s.target_credits ?? ""} error={errors.target_credits} />
        <TextField label="Monthly cap (credits, optional)" name="cap" type="number" min={0} step={1} defaultValue={s.monthly_cap_credits ?? ""} error={errors.monthly_cap_credits} />
        <div className="sm:col-span-3 space-y-2">
          {general && <Alert>{general}</Alert>}
          {saved && <Alert tone="success">Auto-recharge saved.</Alert>}
          <Button type="submit" disabled={update.isPending}>{update.isPending ? "Saving…" : "Save auto-recharge"}</Button>
        </div>
      </form>
    </div>
  );
}
