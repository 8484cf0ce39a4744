"use client";
// The reset link's form: a new password (the sign-up rules), then sign in with it.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { TextField } from "@/components/ui/field";
import { formErrorsOf, type FormErrors } from "./form-errors";

export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const [errors, setErrors] = useState<FormErrors<"password">>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    const password = String(new FormData(event.currentTarget).get("password"));
    reset.mutate({ token, password }, { onError: (error) => setErrors(formErrorsOf(error, ["password"])) });
  };

  if (reset.data) {
    return (
      <div className="space-y-4" data-testid="password-reset-done">
        <Alert tone="success">Your password is changed, and every session of your account has been signed out.</Alert>
        <ButtonLink href="/sign-in" className="w-full">
          Sign in
        </ButtonLink>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="reset-password-form">
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
      {!errors.password && <p className="-mt-2 text-xs text-slate-500">Use 12 characters or more. A few uncommon words make a strong password.</p>}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? "Saving…" : "Set the new password"}
      </Button>
    </form>
  );
}
