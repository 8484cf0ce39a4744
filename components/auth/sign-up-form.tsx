"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { formErrorsOf, type FormErrors } from "./form-errors";
import { CONSOLE_HOME, withReturn } from "./return-path";
import { useCredentialsSignIn } from "./use-credentials-sign-in";

type Field = "name" | "email" | "password";
type Errors = Omit<FormErrors<Field>, "form"> & { form?: ReactNode };
const fields = ["name", "email", "password"] as const;
const errorsOf = (error: unknown): Errors => formErrorsOf(error, fields);

// Sign-up answers the same for a new email and a taken one; only signing in tells them apart, and
// then the form says no more than a mail was sent (to the new user, or to the taken email's owner).
const mailSent = (email: string, signInHref: string) => (
  <>
    We sent a message to {email}. If you already have an account with this email, <Link href={signInHref} className="font-medium underline">sign in</Link> instead.
  </>
);

/** `returnTo`: where to go once the account is made and signed in (return-path.ts). */
export function SignUpForm({ returnTo }: { returnTo?: string }) {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const signIn = useCredentialsSignIn(returnTo);
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
      setErrors({ form: mailSent(input.email.trim().toLowerCase(), withReturn("/sign-in", returnTo ?? CONSOLE_HOME)) });
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="sign-up-form">
      {errors.form && <Alert tone={typeof errors.form === "string" ? "error" : "info"}>{errors.form}</Alert>}
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      {/* No minLength: the server's rules (12+, hard to guess) are the ones shown, in words, under the field. */}
      <TextField label="Password" name="password" type="password" autoComplete="new-password" required error={errors.password} />
      {!errors.password && <p className="-mt-2 text-xs text-slate-500">Use 12 characters or more. A few uncommon words make a strong password.</p>}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating your workspace…" : "Create account"}
      </Button>
    </form>
  );
}
