"use client";
// Setting up an authenticator: the QR code and the secret in text (shown this once), then the
// password and a code from the app to confirm it works before sign-in starts asking for one (a
// session alone must not be enough to put someone else's authenticator on the account).
import { useMutation } from "@tanstack/react-query";
import { type FormEvent } from "react";
import { formErrorsOf } from "@/components/auth/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

export function TwoFactorSetUp({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const trpc = useTRPC();
  const start = useMutation(trpc.twoFactor.start.mutationOptions());
  const confirm = useMutation(trpc.twoFactor.confirm.mutationOptions({ onSuccess: (result) => onEnabled(result.recoveryCodes) }));

  if (!start.data) {
    return (
      <div className="space-y-3" data-testid="two-factor-off">
        <p className="max-w-prose text-sm text-slate-600">
          With two-factor sign-in, signing in needs your password and a code from an authenticator app on your phone (any app that takes a QR code: 1Password, Google Authenticator, Authy…).
        </p>
        <Button onClick={() => start.mutate()} disabled={start.isPending}>Set up two-factor sign-in</Button>
        {start.error && <Alert>{start.error.message}</Alert>}
      </div>
    );
  }
  // A wrong password is shown at the password, anything else at the code.
  const errors = confirm.error ? formErrorsOf(confirm.error, ["password", "code"] as const) : {};
  const passwordError = errors.password;
  const codeError = errors.code ?? errors.form;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    confirm.mutate({ password: String(form.get("password") ?? ""), code: String(form.get("code") ?? "") });
  };
  return (
    <div className="space-y-4" data-testid="two-factor-set-up">
      <p className="text-sm text-slate-600">Scan this QR code with your authenticator app, or type the key below into it. It is shown only now.</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made here, nothing to optimise */}
      <img src={`data:image/svg+xml;utf8,${encodeURIComponent(start.data.qrSvg)}`} alt="QR code of the authenticator key" width={192} height={192} className="rounded border border-slate-200 bg-white" />
      <p className="text-sm text-slate-700">
        Key: <code className="break-all font-mono" data-testid="two-factor-secret">{start.data.secret}</code>
      </p>
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} aria-label="Confirm two-factor sign-in">
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={passwordError} />
        <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required error={codeError} />
        <Button type="submit" disabled={confirm.isPending}>{confirm.isPending ? "Checking…" : "Turn on"}</Button>
      </form>
    </div>
  );
}
