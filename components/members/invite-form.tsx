"use client";
// An owner invites someone by email, with the role they will hold; the link goes to them by mail.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { isRole } from "@/server/workspaces/role-order";
import { roleLabel, roleOptions } from "./role-words";

export function InviteForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<{ email: string; role: string } | null>(null);
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
          setSent({ email: made.email, role: made.role });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Invite a member">
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem_auto] sm:items-start">
        <TextField label="Email" name="email" type="email" required maxLength={254} autoComplete="off" placeholder="name@example.com" error={errors.email} />
        <SelectField label="Role" name="role" defaultValue="developer" error={errors.role}>
          {roleOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}: {option.may}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={invite.isPending} className="sm:mt-6">
          {invite.isPending ? "Inviting…" : "Send invitation"}
        </Button>
      </div>
      {general && <Alert>{general}</Alert>}
      {sent && !invite.isPending && (
        <Alert tone="success">
          <span data-testid="invite-sent">
            Invitation sent: {sent.email} got a link by mail to join as {roleLabel(sent.role).toLowerCase()}.
          </span>
        </Alert>
      )}
    </form>
  );
}
