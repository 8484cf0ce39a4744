"use client";
// Renames a key or changes its limits (apiKeys.update: the service behind PATCH /v1/api_keys/{id}).
// A bucket left as it was is not sent, so a key's own number and the tier's stay apart; an empty
// bucket goes back to the tier's, an empty budget means no credit limit; the budget resets daily,
// weekly or monthly (UTC).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { limitResets, type LimitReset } from "@/server/vocab/limit-resets";

type EditableKey = { id: string; name: string; rate_limits: { generate: number; api: number }; credit_limit: number | null; limit_reset: LimitReset };
const fields = ["name", "rate_limits.generate", "rate_limits.api", "credit_limit", "limit_reset"];

/** A typed number, null when empty, or the reason it is not one. */
const typed = (value: string, whole: boolean): number | null | string => {
  if (value.trim() === "") return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) return "Enter a number, or leave it empty.";
  if (whole && !Number.isInteger(number)) return "Enter a whole number of requests.";
  return number;
};

export function EditKeyForm({ projectId, apiKey, onDone }: { projectId: string; apiKey: EditableKey; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const start = {
    name: apiKey.name,
    generate: String(apiKey.rate_limits.generate),
    api: String(apiKey.rate_limits.api),
    budget: apiKey.credit_limit === null ? "" : String(apiKey.credit_limit),
    reset: apiKey.limit_reset as string,
  };
  const [values, setValues] = useState(start);
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const update = useMutation(
    trpc.apiKeys.update.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
        onDone();
      },
    }),
  );
  const errors = { ...fieldErrors(update.error), ...invalid };
  const general = formError(update.error, fields);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const generate = typed(values.generate, true);
    const api = typed(values.api, true);
    const budget = typed(values.budget, false);
    const problems: Record<string, string> = {};
    if (typeof generate === "string") problems["rate_limits.generate"] = generate;
    if (typeof api === "string") problems["rate_limits.api"] = api;
    if (typeof budget === "string") problems.credit_limit = budget;
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    const rateLimits = {
      ...(values.generate !== start.generate && { generate: generate as number | null }),
      ...(values.api !== start.api && { api: api as number | null }),
    };
    update.mutate({
      projectId,
      id: apiKey.id,
      ...(values.name !== start.name && { name: values.name }),
      ...(Object.keys(rateLimits).length && { rate_limits: rateLimits }),
      ...(values.budget !== start.budget && { credit_limit: budget as number | null }),
      ...(values.reset !== start.reset && { limit_reset: values.reset as LimitReset }),
    });
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });
  const select = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${apiKey.name}`} className="grid gap-3 py-2 sm:grid-cols-5 sm:items-start">
      <TextField label="Name" maxLength={100} error={errors.name} {...field("name")} />
      <TextField label="Generations / min" type="number" min={1} step={1} placeholder="tier's" error={errors["rate_limits.generate"]} {...field("generate")} />
      <TextField label="Other requests / min" type="number" min={1} step={1} placeholder="tier's" error={errors["rate_limits.api"]} {...field("api")} />
      <TextField label="Credit limit" type="number" min={0} step="any" placeholder="none" error={errors.credit_limit} {...field("budget")} />
      <LimitResetField error={errors.limit_reset} {...select("reset")} />
      <p className="text-xs text-slate-500 sm:col-span-5">
        Rate limits are at most the tier&apos;s; empty means the tier&apos;s. An empty credit limit means none. Limits reset at 00:00 UTC (weekly: on Monday).
      </p>
      {general && (
        <div className="sm:col-span-5">
          <Alert>{general}</Alert>
        </div>
      )}
      <div className="flex gap-2 sm:col-span-5">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The choice of when a key's credit limit starts again (shared with the create form). */
export function LimitResetField(props: { error?: string; value?: string; defaultValue?: string; name?: string; onChange?: (event: { target: { value: string } }) => void }) {
  return (
    <SelectField label="Limit resets" {...props}>
      {limitResets.map((reset) => (
        <option key={reset} value={reset}>
          {reset}
        </option>
      ))}
    </SelectField>
  );
}
