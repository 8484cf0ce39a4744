"use client";
// The tiers' per-key rate limits (requests per minute), one small form per tier: saved with
// operator.setTierLimits, in force from the next request of every server. Keys with their own
// higher limits are held to a lowered tier's.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { TextField } from "@/components/ui/field";
import { OperatorRowSave } from "./operator-row-save";
import { Loading, LoadError } from "@/components/ui/states";
import { Moment } from "@/components/ui/moment";

type Limits = { tier: string; generate: number; api: number; updated_at: string };

export function TierLimitsEditor() {
  const trpc = useTRPC();
  const limits = useQuery(trpc.operator.tierLimits.queryOptions());
  if (limits.isPending) return <Loading label="Loading tier limits" />;
  if (limits.isError) return <LoadError error={limits.error} retry={() => limits.refetch()} />;
  return (
    <div className="-mt-4 divide-y divide-slate-100">
      {limits.data.map((row) => (
        <TierLimitsRow key={row.tier} limits={row} />
      ))}
    </div>
  );
}

const whole = (value: string): number | string => (/^\d+$/.test(value.trim()) ? Number(value) : "Enter a whole number of requests.");

function TierLimitsRow({ limits }: { limits: Limits }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ generate: String(limits.generate), api: String(limits.api) });
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.operator.setTierLimits.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        void queryClient.invalidateQueries(trpc.operator.tierLimits.pathFilter());
        void queryClient.invalidateQueries(trpc.apiKeys.pathFilter());
      },
    }),
  );
  const errors = { ...fieldErrors(save.error), ...invalid };
  const general = formError(save.error, ["generate", "api"]);

  const edit = (field: "generate" | "api", value: string) => {
    setValues({ ...values, [field]: value });
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const generate = whole(values.generate);
    const api = whole(values.api);
    setInvalid(Object.fromEntries(Object.entries({ generate, api }).filter(([, v]) => typeof v === "string")) as Record<string, string>);
    if (typeof generate === "number" && typeof api === "number") save.mutate({ tier: limits.tier, generate, api });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`${limits.tier} tier limits`}
      data-testid={`tier-limits-${limits.tier}`}
      className="grid grid-cols-2 gap-x-3 gap-y-3 py-4 sm:grid-cols-[minmax(0,1fr)_9rem_9rem_7rem] sm:items-start sm:gap-x-4"
    >
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className="font-medium capitalize">{limits.tier}</p>
        <p className="mt-1 text-xs text-slate-500">Updated <Moment at={limits.updated_at} /></p>
      </div>
      <TextField label="Generations / min" type="number" min={1} step={1} value={values.generate} onChange={(e) => edit("generate", e.target.value)} error={errors.generate} />
      <TextField label="Other requests / min" type="number" min={1} step={1} value={values.api} onChange={(e) => edit("api", e.target.value)} error={errors.api} />
      <OperatorRowSave pending={save.isPending} saved={saved} error={general} />
    </form>
  );
}
