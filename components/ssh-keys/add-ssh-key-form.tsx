"use client";
// Adding an SSH key: a name and one OpenSSH public key line. The service checks the key and says
// what is wrong with it (a private key, a short RSA key, a truncated line) under the key's field.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";

export function AddSshKeyForm({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.sshKeys.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.sshKeys.list.pathFilter()) }));
  const errors = fieldErrors(add.error);
  const general = formError(add.error, ["name", "public_key"]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    add.mutate({ projectId, key: { name: String(data.get("name")), public_key: String(data.get("public_key")) } }, { onSuccess: () => form.reset() });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Add an SSH key">
      <div className="max-w-md">
        <TextField label="Name" name="name" required maxLength={100} placeholder="e.g. laptop" autoComplete="off" error={errors.name} />
      </div>
      <TextAreaField
        label="Public key"
        name="public_key"
        required
        rows={4}
        spellCheck={false}
        placeholder="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAA… you@laptop"
        error={errors.public_key}
      />
      <p className="text-xs text-slate-500">
        One line from your <code>.pub</code> file: ed25519, ECDSA, or RSA of 2048 bits or more. Make one with{" "}
        <code className="rounded bg-slate-100 px-1 text-slate-700">ssh-keygen -t ed25519</code> and paste <code>~/.ssh/id_ed25519.pub</code>.
      </p>
      {general && <Alert>{general}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add SSH key"}
        </Button>
        {add.isSuccess && !add.isPending && (
          <span role="status" className="text-sm text-emerald-700">
            Added {add.data.ssh_key.name}.
          </span>
        )}
      </div>
    </form>
  );
}
