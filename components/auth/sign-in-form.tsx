"use client";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { CODE_REQUIRED, signInErrorMessage } from "./sign-in-errors";
import { TwoFactorStep } from "./two-factor-step";
import { useCredentialsSignIn } from "./use-credentials-sign-in";

/**
 * `initialError`: the code next-auth put in the URL when it redirected here (non-JS fallback);
 * `returnTo`: where to go once signed in (return-path.ts).
 */
export function SignInForm({ initialError, returnTo }: { initialError?: string; returnTo?: string }) {
  const signIn = useCredentialsSignIn(returnTo);
  const [error, setError] = useState(initialError ? signInErrorMessage(initialError) : null);
  const [pending, setPending] = useState(false);
  const [awaitingCode, setAwaitingCode] = useState<{ email: string; password: string } | null>(null);
  if (awaitingCode) return <TwoFactorStep {...awaitingCode} signIn={signIn} onBack={() => setAwaitingCode(null)} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const [email, password] = [String(form.get("email")), String(form.get("password"))];
    const failure = await signIn(email, password);
    if (failure === CODE_REQUIRED) return setAwaitingCode({ email, password });
    // On success the page is navigating away; keep the button disabled until it does.
    if (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="sign-in-form">
      {error && <Alert>{error}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
