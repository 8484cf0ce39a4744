"use client";
// The Security page's password change: the current password, then the new one (the sign-up rules);
// every other session of the user ends, this one stays signed in.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { formErrorsOf, type FormErrors } from "@/components/auth/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

const fields = ["currentPassword", "newPassword"] as const;

export function ChangePassword() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.account.changePassword.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() }) }));
  const [errors, setErrors] = useState<FormErrors<(typeof fields)[number]>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setErrors({});
    change.mutate(
      { currentPassword: String(data.get("currentPassword")), newPassword: String(data.get("newPassword")) },
      { onSuccess: () => form.reset(), onError: (error) => setErrors(formErrorsOf(error, fields)) },
    );
  };

  return (
    <form onSubmit={submit} className="max-w-sm space-y-4" data-testid="change-password-form">
      {errors.form && <Alert>{errors.form}</Alert>}
      {change.isSuccess && <Alert tone="success">Your password is changed. Your other sessions have been signed out; this one stays.</Alert>}
      <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" required error={errors.newPassword} />
      {!errors.newPassword && <p className="-mt-2 text-xs text-slate-500">Use 12 characters or more. Every other session of yours will be signed out.</p>}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}
