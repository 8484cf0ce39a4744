"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import type { LimitReset } from "@/server/vocab/limit-resets";
import { LimitResetField } from "./edit-key-form";

export type CreatedKey = { name: string; key: string };

export function CreateKeyForm({ projectId, onCreated }: { projectId: string; onCreated: (created: CreatedKey) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter());
        onCreated({ name: result.api_key.name, key: result.key });
      },
    }),
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scope = form.get("scope") === "read" ? "read" : "read_write";
    const budget = String(form.get("credit_limit") ?? "").trim();
    const limit = budget === "" ? undefined : Number(budget);
    create.mutate({
      projectId,
      name: String(form.get("name")),
      scope,
      ...(limit !== undefined && { credit_limit: limit, limit_reset: String(form.get("limit_reset")) as LimitReset }),
    });
  };

  const errors = fieldErrors(create.error);
  const general = formError(create.error, ["name", "scope", "credit_limit", "limit_reset"]);

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_14rem_9rem_8rem_auto] sm:items-start">
      <TextField label="Key name" name="name" required maxLength={100} placeholder="e.g. production server" error={errors.name} />
      <SelectField label="Scope" name="scope" defaultValue="read_write" error={errors.scope}>
        <option value="read_write">read_write: full access</option>
        <option value="read">read: read only</option>
      </SelectField>
      <TextField label="Credit limit" name="credit_limit" type="number" min={0} step="any" placeholder="none" error={errors.credit_limit} />
      <LimitResetField name="limit_reset" defaultValue="monthly" error={errors.limit_reset} />
      <Button type="submit" disabled={create.isPending} className="sm:mt-6">
        {create.isPending ? "Creating…" : "Create key"}
      </Button>
      {general && (
        <div className="sm:col-span-5">
          <Alert>{general}</Alert>
        </div>
      )}
    </form>
  );
}
