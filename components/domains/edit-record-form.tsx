"use client";
// Editing one DNS record in its row: name, value, TTL, and the priority of an MX (the type is
// fixed; to change it, delete the record and add another). The service checks it as a new record
// and names the field at fault; only what changed is sent.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

const FIELDS = ["name", "value", "ttl", "priority"];

type Record = { id: string; type: string; name: string; value: string; ttl: number; priority: number | null; fqdn: string };

export function EditRecordForm({ projectId, domain, record, onDone }: { projectId: string; domain: string; record: Record; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.domains.updateRecord.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.domains.records.pathFilter());
        onDone();
      },
    }),
  );
  const errors = fieldErrors(save.error);
  const general = formError(save.error, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get("name")).trim();
    const value = String(data.get("value"));
    const ttl = Number(data.get("ttl"));
    const priority = record.type === "MX" ? Number(data.get("priority")) : undefined;
    const changes = {
      ...(name !== record.name && { name }),
      ...(value !== record.value && { value }),
      ...(ttl !== record.ttl && { ttl }),
      ...(priority !== undefined && priority !== record.priority && { priority }),
    };
    if (Object.keys(changes).length === 0) return onDone();
    save.mutate({ projectId, domain, id: record.id, changes });
  };

  return (
    <form onSubmit={submit} className="space-y-3 py-2" aria-label={`Edit record ${record.type} ${record.fqdn}`}>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_7rem] lg:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_7rem_7rem]">
        <TextField label="Name" name="name" required maxLength={253} defaultValue={record.name} autoComplete="off" spellCheck={false} error={errors.name} />
        <TextField label={`Value (${record.type})`} name="value" required defaultValue={record.value} autoComplete="off" spellCheck={false} error={errors.value} />
        <TextField label="TTL (s)" name="ttl" type="number" required min={60} max={86400} defaultValue={record.ttl} error={errors.ttl} />
        {record.type === "MX" && (
          <TextField label="Priority" name="priority" type="number" required min={0} max={65535} defaultValue={record.priority ?? 10} error={errors.priority} />
        )}
      </div>
      {general && <Alert>{general}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
