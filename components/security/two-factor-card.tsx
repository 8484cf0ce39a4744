"use client";
// The Security page's two-factor card: set up an authenticator (QR code and secret shown once,
// confirmed with a code), the recovery codes (shown once), turning it off, new recovery codes,
// and the workspace's "require it of every member" switch.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { RoleOnly } from "@/components/console/role";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetUp } from "./two-factor-set-up";

const field = (event: FormEvent<HTMLFormElement>, name: string) => String(new FormData(event.currentTarget).get(name) ?? "");

export function TwoFactorCard({ requireTwoFactor }: { requireTwoFactor: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries();
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions({ onSuccess: (r) => (setCodes(r.recoveryCodes), refresh()) }));
  const disable = useMutation(trpc.twoFactor.disable.mutationOptions({ onSuccess: refresh }));
  const requirement = useMutation(trpc.twoFactor.setWorkspaceRequirement.mutationOptions({ onSuccess: () => window.location.reload() }));

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  if (!status.data) return <p className="text-sm text-slate-500">{status.error ? status.error.message : "Loading…"}</p>;
  if (!status.data.enabled) {
    return (
      <div className="space-y-4">
        {status.data.setUpRequired && <Alert tone="warning">This workspace requires two-factor sign-in. Turn it on to use the console.</Alert>}
        <TwoFactorSetUp
          onEnabled={(recoveryCodes) => {
            setCodes(recoveryCodes);
            void refresh();
          }}
        />
      </div>
    );
  }
  return (
    <div className="space-y-6" data-testid="two-factor-on">
      <p className="text-sm text-slate-600">
        Two-factor sign-in is <strong>on</strong>: signing in needs a code from your authenticator app (or a recovery code).{" "}
        {status.data.recoveryCodesLeft} recovery code{status.data.recoveryCodesLeft === 1 ? "" : "s"} left.
      </p>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        aria-label="New recovery codes"
        onSubmit={(event) => (event.preventDefault(), regenerate.mutate({ code: field(event, "code") }))}
      >
        <TextField label="Code for new recovery codes" name="code" inputMode="numeric" autoComplete="one-time-code" required error={regenerate.error?.message} />
        <Button type="submit" variant="secondary" disabled={regenerate.isPending}>New recovery codes</Button>
      </form>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        aria-label="Turn off two-factor sign-in"
        onSubmit={(event) => (event.preventDefault(), disable.mutate({ password: field(event, "password"), code: field(event, "code") }))}
      >
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <TextField label="Code or recovery code" name="code" autoComplete="one-time-code" required />
        <Button type="submit" variant="danger" disabled={disable.isPending}>Turn off</Button>
      </form>
      {disable.error && <Alert>{disable.error.message}</Alert>}
      {/* Requiring it of every member: an owner's. */}
      <RoleOnly least="owner">
        <div className="space-y-2 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">
            {requireTwoFactor ? "Every member of this workspace must sign in with two-factor sign-in." : "Members of this workspace may sign in with a password alone."}
          </p>
          <Button variant="secondary" disabled={requirement.isPending} onClick={() => requirement.mutate({ required: !requireTwoFactor })}>
            {requireTwoFactor ? "Stop requiring it of every member" : "Require it of every member"}
          </Button>
          {requirement.error && <Alert>{requirement.error.message}</Alert>}
        </div>
      </RoleOnly>
    </div>
  );
}
