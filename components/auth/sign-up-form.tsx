"use client";
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useCredentialsSignIn } from "./use-credentials-sign-in";

type Errors = { form?: string; name?: string; email?: string; password?: string };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Put each server error next to its field when it names one (zod field errors, AppError `param`).
function errorsOf(error: unknown): Errors {
  if (!(error instanceof TRPCClientError)) return { form: "Could not reach the server. Check your connection and try again." };
  const data = error.data as { fieldErrors?: Record<string, string>; param?: string } | undefined;
  if (data?.fieldErrors) {
    return Object.fromEntries(Object.entries(data.fieldErrors).map(([field, message]) => [field || "form", capitalised(message) + "."]));
  }
  if (data?.param === "email") return { email: error.message };
  return { form: error.message };
}

export function SignUpForm() {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const signIn = useCredentialsSignIn();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { name: String(form.get("name")), email: String(form.get("email")), password: String(form.get("password")) };
    setPending(true);
    setErrors({});
    try {
      await signUp.mutateAsync(input);
    } catch (error) {
      setErrors(errorsOf(error));
      setPending(false);
      return;
    }
    const failure = await signIn(input.email, input.password);
    if (failure) {
      setErrors({ form: `Your account was created, but signing in failed: ${failure}` });
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="sign-up-form">
      {errors.form && <Alert>{errors.form}</Alert>}
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      {/* No minLength: the server's rule (8+) is the one shown, in words, under the field. */}
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
      {!errors.password && <p className="-mt-2 text-xs text-slate-500">Use 8 characters or more.</p>}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating your workspace…" : "Create account"}
      </Button>
    </form>
  );
}
