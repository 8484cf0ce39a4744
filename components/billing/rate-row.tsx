"use client";
// One product's live rates, a small form of its own: saved with operator.setRate, in force for the
// very next request (GET /api/public/v1/ai/products shows them at once).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { formatTime } from "@/components/console/format-time";
import { useTRPC } from "@/components/providers";
import { TextField } from "@/components/ui/field";
import { OperatorRowSave } from "./operator-row-save";
import { products, type ProductId } from "@/server/vocab/products";
import { Moment } from "@/components/ui/moment";

type Rate = { input_per_million_tokens: number; cached_input_per_million_tokens: number; output_per_million_tokens: number; updated_at: string };

/** A rate as typed: a number, or the reason it is not one. */
const typed = (value: string): number | string => (value.trim() === "" || !Number.isFinite(Number(value)) ? "Enter a number of credits." : Number(value));

export function RateRow({ product, rate }: { product: ProductId; rate?: Rate }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    input: String(rate?.input_per_million_tokens ?? ""),
    cached_input: String(rate?.cached_input_per_million_tokens ?? ""),
    output: String(rate?.output_per_million_tokens ?? ""),
  });
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation(
    trpc.operator.setRate.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        void queryClient.invalidateQueries(trpc.operator.rates.pathFilter());
      },
    }),
  );
  const errors = { ...fieldErrors(save.error), ...invalid };
  const general = formError(save.error, ["input", "cached_input", "output"]);

  const edit = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value });
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = typed(values.input);
    // Left empty on a product without rates yet: a tenth of the input rate.
    const cached_input = values.cached_input.trim() === "" ? undefined : typed(values.cached_input);
    const output = typed(values.output);
    const problems = Object.fromEntries(Object.entries({ input, cached_input, output }).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    setInvalid(problems);
    if (typeof input === "number" && typeof output === "number" && typeof cached_input !== "string") save.mutate({ product, input, output, cached_input });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`${product} rates`}
      data-testid={`rate-row-${product}`}
      className="grid grid-cols-2 gap-x-3 gap-y-3 py-4 sm:grid-cols-[minmax(0,1fr)_9rem_9rem_9rem_7rem] sm:items-start sm:gap-x-4"
    >
      <div className="col-span-2 min-w-0 sm:col-span-1">
        <p className="font-medium capitalize">{product}</p>
        <p className="text-xs text-slate-500">{products[product].description}</p>
        <p className="mt-1 text-xs text-slate-500">{rate ? <>Updated <Moment at={rate.updated_at} /></> : "No rate set yet"}</p>
      </div>
      <TextField
        label="Input / M tokens"
        type="number"
        step="any"
        min={0}
        inputMode="decimal"
        value={values.input}
        onChange={(event) => edit("input", event.target.value)}
        error={errors.input}
      />
      <TextField
        label="Cached input / M tokens"
        type="number"
        step="any"
        min={0}
        inputMode="decimal"
        value={values.cached_input}
        onChange={(event) => edit("cached_input", event.target.value)}
        error={errors.cached_input}
      />
      <TextField
        label="Output / M tokens"
        type="number"
        step="any"
        min={0}
        inputMode="decimal"
        value={values.output}
        onChange={(event) => edit("output", event.target.value)}
        error={errors.output}
      />
      <OperatorRowSave pending={save.isPending} saved={saved} error={general} />
    </form>
  );
}
