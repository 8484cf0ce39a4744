"use client";
// "Add credits": an amount, its price shown before paying, then the payment provider's page. The
// credits come when the provider confirms the payment (checkout-return.tsx shows it).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Loading, LoadError } from "@/components/ui/states";
import { money, priceFor } from "./money";

export function AddCredits() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.billing.paymentSettings.queryOptions());
  const [credits, setCredits] = useState("25");
  const checkout = useMutation(trpc.billing.createCheckout.mutationOptions({ onSuccess: (result) => window.location.assign(result.checkout_session.url) }));
  if (settings.isPending) return <Loading label="Loading prices" />;
  if (settings.isError) return <LoadError error={settings.error} retry={() => settings.refetch()} />;
  const s = settings.data;
  if (!s.enabled) return <Alert tone="info">{s.howToEnable}</Alert>;
  const count = Number(credits);
  const valid = Number.isInteger(count) && count >= s.minCredits && count <= s.maxCredits;
  const price = valid ? money(priceFor(count, s.creditPrice, s.minorUnits), s.currency, s.minorUnits) : null;
  const errors = fieldErrors(checkout.error, {});
  const general = formError(checkout.error, ["credits"], {});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    checkout.mutate({ credits: count });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add credits">
      <TextField
        label="Credits to buy"
        name="credits"
        type="number"
        min={s.minCredits}
        max={s.maxCredits}
        step={1}
        inputMode="numeric"
        value={credits}
        onChange={(event) => setCredits(event.target.value)}
        error={errors.credits ?? (credits !== "" && !valid ? `A whole number from ${s.minCredits} to ${s.maxCredits}.` : undefined)}
      />
      <p className="text-sm text-slate-600">
        {money(s.creditPrice, s.currency, s.minorUnits)} a credit.{" "}
        {price && (
          <>
            You pay <strong data-testid="checkout-price">{price}</strong> for {count} credits.
          </>
        )}
      </p>
      {general && <Alert>{general}</Alert>}
      <Button type="submit" disabled={!valid || checkout.isPending}>
        {checkout.isPending ? "Opening the payment page…" : price ? `Pay ${price}` : "Pay"}
      </Button>
    </form>
  );
}
