"use client";
// Snapshots of one instance: take one (optionally named), watch it go from pending to available,
// delete one after confirming. The service lists the project's snapshots; this keeps the instance's.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { RoleOnly } from "@/components/console/role";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Loaded } from "@/components/ui/paged-list";
import { useInstanceChanged } from "./instance-changed";
import { refusal } from "./instance-status";
import { SnapshotTable } from "./snapshot-table";

type Owner = { id: string; status: string; hostname: string };

export function InstanceSnapshots({ projectId, instance }: { projectId: string; instance: Owner }) {
  const trpc = useTRPC();
  const snapshots = useQuery(
    trpc.instances.snapshots.queryOptions(
      { projectId, limit: 100 },
      { refetchInterval: (query) => (query.state.data?.snapshots.some((s) => s.instance_id === instance.id && s.status === "pending") ? 1_500 : false) },
    ),
  );
  return (
    <div className="space-y-4">
      {instance.status !== "deleted" && (
        <RoleOnly least="developer">
          <TakeSnapshotForm projectId={projectId} instance={instance} reason={refusal("snapshot", instance.status)} />
        </RoleOnly>
      )}
      <Loaded query={snapshots} loading="Loading snapshots">
        {(data) => <SnapshotTable projectId={projectId} rows={data.snapshots.filter((s) => s.instance_id === instance.id)} more={data.next_cursor !== null} />}
      </Loaded>
    </div>
  );
}

function TakeSnapshotForm({ projectId, instance, reason }: { projectId: string; instance: Owner; reason: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const changed = useInstanceChanged(projectId, instance.id);
  const take = useMutation(
    trpc.instances.createSnapshot.mutationOptions({
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.instances.snapshots.pathFilter());
        changed();
      },
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name")).trim();
    take.mutate({ projectId, id: instance.id, snapshot: name ? { name } : {} }, { onSuccess: () => form.reset() });
  };
  const general = formError(take.error, ["name"]);
  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Take a snapshot">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Snapshot name (optional)"
          name="name"
          maxLength={100}
          placeholder={`${instance.hostname}-${new Date().toISOString().slice(0, 10)}`}
          autoComplete="off"
          error={fieldErrors(take.error).name}
        />
        <Button type="submit" variant="secondary" disabled={reason !== null || take.isPending}>
          {take.isPending ? "Starting…" : "Take snapshot"}
        </Button>
      </div>
      {reason && <p className="text-xs text-slate-500">{reason}</p>}
      {general && <Alert>{general}</Alert>}
    </form>
  );
}
