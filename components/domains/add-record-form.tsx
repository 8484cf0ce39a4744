"use client";
// Adding a DNS record: type, name, value, TTL, and a priority for MX only. The service checks the
// value by type (an IPv4 address for A, a host name for CNAME...) and names the field at fault.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { editableRecordTypes, type EditableRecordType } from "@/server/vocab/dns-record-types";

const FIELDS = ["type", "name", "value", "ttl", "priority"];

const valueHint: Record<EditableRecordType, { label: string; placeholder: string }> = {
  A: { label: "IPv4 address", placeholder: "203.0.113.10" },
  AAAA: { label: "IPv6 address", placeholder: "2001:db8::10" },
  CNAME: { label: "Target host name", placeholder: "app.example.net" },
  TXT: { label: "Text", placeholder: "v=spf1 -all" },
  MX: { label: "Mail server host name", placeholder: "mail.example.com" },
};

const numberOrUndefined = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === "" ? undefined : Number(value));

export function AddRecordForm({ projectId, domain }: { projectId: string; domain: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [type, setType] = useState<EditableRecordType>("A");
  const add = useMutation(trpc.domains.createRecord.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(trpc.domains.records.pathFilter()) }));
  const errors = fieldErrors(add.error);
  const general = formError(add.error, FIELDS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const record = {
      type,
      name: String(data.get("name")).trim(),
      value: String(data.get("value")),
      ttl: numberOrUndefined(data.get("ttl")),
      ...(type === "MX" && { priority: numberOrUndefined(data.get("priority")) }),
    };
    add.mutate({ projectId, domain, record }, { onSuccess: () => form.reset() });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Add a record">
      <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)] lg:grid-cols-[8rem_minmax(0,12rem)_minmax(0,1fr)]">
        <SelectField label="Type" name="type" value={type} onChange={(event) => setType(event.target.value as EditableRecordType)} error={errors.type}>
          {editableRecordTypes.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
        <TextField label="Name" name="name" required maxLength={253} defaultValue="@" autoComplete="off" spellCheck={false} error={errors.name} />
        <div className="sm:col-span-2 lg:col-span-1">
          <TextField
            label={`Value (${valueHint[type].label})`}
            name="value"
            required
            maxLength={2048}
            placeholder={valueHint[type].placeholder}
            autoComplete="off"
            spellCheck={false}
            error={errors.value}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 sm:max-w-sm">
        <TextField label="TTL (seconds)" name="ttl" type="number" inputMode="numeric" min={60} max={86400} defaultValue={3600} error={errors.ttl} />
        {type === "MX" && (
          <TextField label="Priority" name="priority" type="number" inputMode="numeric" min={0} max={65535} defaultValue={10} required error={errors.priority} />
        )}
      </div>
      <p className="text-xs text-slate-500">
        Name: <code>@</code> for {domain} itself, or a name inside it such as <code>www</code>, <code>_dmarc</code> or <code>*</code>.
        {type === "MX" && " A lower priority is tried first."}
      </p>
      {general && <Alert>{general}</Alert>}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add record"}
      </Button>
    </form>
  );
}
