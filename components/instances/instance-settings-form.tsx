"use client";
// Hostname and backups, changed at once; only what changed is sent.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { useInstanceChanged } from "./instance-changed";
import { settingsRefusal } from "./instance-status";

type Settings = { id: string; status: string; hostname: string; backups: boolean };

export function InstanceSettingsForm({ projectId, instance }: { projectId: string; instance: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const instanceChanged = useInstanceChanged(projectId, instance.id);
  const [hostname, setHostname] = useState(instance.hostname);
  const [backups, setBackups] = useState(instance.backups);
  const save = useMutation(
    trpc.instances.update.mutationOptions({
      onSuccess: () => {
        instanceChanged();
        void queryClient.invalidateQueries(trpc.instances.backups.queryFilter({ projectId, id: instance.id }));
      },
    }),
  );
  const changes = {
    ...(hostname.trim() !== instance.hostname && { hostname: hostname.trim() }),
    ...(backups !== instance.backups && { backups }),
  };
  const changed = Object.keys(changes).length > 0;
  const reason = settingsRefusal(instance.status);
  const errors = fieldErrors(save.error);
  const general = formError(save.error, ["hostname", "backups"]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ projectId, id: instance.id, changes });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Settings">
      <TextField
        label="Hostname"
        value={hostname}
        onChange={(event) => setHostname(event.target.value)}
        required
        maxLength={253}
        spellCheck={false}
        autoComplete="off"
        disabled={reason !== null}
        error={errors.hostname}
      />
      <CheckboxField label="Take backups automatically" checked={backups} onChange={(event) => setBackups(event.target.checked)} disabled={reason !== null} />
      {errors.backups && <p className="text-sm text-red-600">{errors.backups}</p>}
      {reason && <p className="text-xs text-slate-500">{reason}</p>}
      {general && <Alert>{general}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={!changed || reason !== null || save.isPending}>
          {save.isPending ? "Saving…" : "Save changes"}
        </Button>
        {save.isSuccess && !changed && (
          <span role="status" className="text-sm text-emerald-700">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}
