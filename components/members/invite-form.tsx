"use client";
// An owner invites someone by email, with the role they will hold (what it may do said under the
// choice, so the choice itself stays short). The confirmation says what really happened: mailed, or,
// when this server sends no mail, not mailed, with the link to copy and pass on.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { SelectField, TextField } from "@/components/ui/field";
import { isRole } from "@/server/workspaces/role-order";
import { roleLabel, roleOptions } from "./role-words";

export function InviteForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<{ email: string; role: string; link?: string } | null>(null);
  const [role, setRole] = useState<string>("developer");
  const invite = useMutation(
    trpc.members.invite.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.members.invites.pathFilter()) }),
  );
  const errors = fieldErrors(invite.error);
  const general = formError(invite.error, ["email", "role"]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const role = String(data.get("role"));
    if (!isRole(role)) return;
    setSent(null);
    invite.mutate(
      { email: String(data.get("email")), role },
      {
        onSuccess: (made) => {
          form.reset();
          setRole("developer");
          setSent({ email: made.email, role: made.role, link: made.mailed ? undefined : made.link });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Invite a member">
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem_auto] sm:items-start">
        <TextField label="Email" name="email" type="email" required maxLength={254} autoComplete="off" placeholder="name@example.com" error={errors.email} />
        <div>
          <SelectField label="Role" name="role" value={role} onChange={(event) => setRole(event.target.value)} error={errors.role}>
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <p id="invite-role-may" className="mt-1 text-xs text-slate-600" data-testid="invite-role-may">
            May: {roleOptions.find((option) => option.value === role)?.may}
          </p>
        </div>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6">
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </Button>
      </div>
      {general && <Alert>{general}</Alert>}
      {sent && !invite.isPending && !sent.link && (
        <Alert tone="success">
          <span data-testid="invite-sent">
            Invitation made: a mail with the link is on its way to {sent.email}, to join as {roleLabel(sent.role).toLowerCase()}.
          </span>
        </Alert>
      )}
      {sent?.link && !invite.isPending && (
        <Alert tone="warning">
          <span data-testid="invite-sent" className="block">
            Invitation made, but not mailed: this server is not set up to send mail (its operator can give it a mail server). Copy the link and send it to {sent.email} yourself; it
            works once, for 7 days, to join as {roleLabel(sent.role).toLowerCase()}.
          </span>
          <span className="mt-2 flex flex-wrap items-center gap-2">
            <code data-testid="invite-link" className="min-w-0 break-all rounded bg-white/70 px-1.5 py-0.5 text-xs">{sent.link}</code>
            <CopyButton text={sent.link} label="Copy link" />
          </span>
        </Alert>
      )}
    </form>
  );
}
