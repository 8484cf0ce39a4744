"use client";
// Sign-in's second step for an account with two-factor sign-in: the password was right; a code
// from the authenticator app (or a recovery code) completes it. Email and password are sent again
// with the code (sessions begin only in one request that carries all three).
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { signInErrorMessage } from "./sign-in-errors";

type Props = {
  email: string;
  password: string;
  signIn: (email: string, password: string, code?: string) => Promise<string | null>;
  onBack: () => void;
};

export function TwoFactorStep({ email, password, signIn, onBack }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    const failure = await signIn(email, password, String(new FormData(event.currentTarget).get("code") ?? ""));
    if (failure) {
      setError(failure === signInErrorMessage("CredentialsSignin") ? "Wrong or already used code. Try the current one." : failure);
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="two-factor-step">
      {error && <Alert>{error}</Alert>}
      <p className="text-sm text-slate-600">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <TextField label="Authentication code" name="code" autoComplete="one-time-code" autoFocus required maxLength={50} />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Checking…" : "Verify and sign in"}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>Back</Button>
    </form>
  );
}
