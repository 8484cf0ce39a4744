"use client";
// "Forgot password?": asks for the email and then says the one thing the server says, whether or
// not the address has an account.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { formErrorsOf, type FormErrors } from "./form-errors";

export function ForgotPasswordForm() {
  const trpc = useTRPC();
  const ask = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const [errors, setErrors] = useState<FormErrors<"email">>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    const email = String(new FormData(event.currentTarget).get("email")).trim();
    ask.mutate({ email }, { onError: (error) => setErrors(formErrorsOf(error, ["email"])) });
  };

  if (ask.data) {
    return (
      <div data-testid="reset-asked">
        <Alert tone="success">{ask.data.message}</Alert>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="forgot-password-form">
      {errors.form && <Alert>{errors.form}</Alert>}
      <p className="text-sm text-slate-600">Enter the email of your account; we will mail you a link to choose a new password.</p>
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Button type="submit" className="w-full" disabled={ask.isPending}>
        {ask.isPending ? "Sending…" : "Send the link"}
      </Button>
    </form>
  );
}
