"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/** Adding a domain by name; the service says at the field what is wrong with a name. */
export function AddDomainForm({ projectId }: { projectId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const add = useMutation(trpc.domains.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.domains.list.pathFilter()) }));
  const general = formError(add.error, ["name"]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate({ projectId, domain: { name: String(new FormData(form).get("name")).trim() } }, { onSuccess: () => form.reset() });
  };

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Add a domain">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,28rem)_max-content] sm:items-start">
        <TextField
          label="Domain name"
          name="name"
          required
          maxLength={254}
          placeholder="example.com"
          autoComplete="off"
          spellCheck={false}
          error={fieldErrors(add.error).name}
        />
        <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add domain"}
        </Button>
      </div>
      {general && <Alert>{general}</Alert>}
    </form>
  );
}
