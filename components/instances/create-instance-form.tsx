"use client";
// Creating an instance: a fresh image or one of the project's snapshots, plan, region (from the
// catalog), the SSH key it will accept, hostname and backups. Refusals land at their field; a
// shortage of credits says where to add some.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { fieldErrors } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { CheckboxField, TextField } from "@/components/ui/field";
import { LoadError, Loading } from "@/components/ui/states";
import { CreateRefusal } from "./create-refusal";
import { ImageRegionFields } from "./image-region-fields";
import { PlanChoice } from "./plan-choice";
import { SshKeyChoice } from "./ssh-key-choice";
import { StartFromField } from "./start-from-field";
import { useInstanceChoice } from "./use-instance-choice";

export type CreatedInstance = { id: string; hostname: string; status: string };

const FIELDS = ["product", "plan", "region", "ssh_key_id", "hostname", "backups", "snapshot_id"];

type CreateInstanceFormProps = {
  projectId: string;
  onCreated: (instance: CreatedInstance) => void;
  onCancel: () => void;
  /** A snapshot to start from (`snap_...`), chosen where the user asked for it. */
  fromSnapshot?: string;
};

export function CreateInstanceForm({ projectId, onCreated, onCancel, fromSnapshot }: CreateInstanceFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { catalog, sshKeys, available, restoring, pick, chosen: choose, offered, engine } = useInstanceChoice(projectId, fromSnapshot);
  const create = useMutation(
    trpc.instances.create.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.instances.list.pathFilter());
        onCreated(result.instance);
      },
    }),
  );

  if (catalog.isPending || sshKeys.isPending) return <Loading label="Loading the catalog" />;
  if (catalog.isError) return <LoadError error={catalog.error} retry={() => catalog.refetch()} />;
  if (sshKeys.isError) return <LoadError error={sshKeys.error} retry={() => sshKeys.refetch()} />;

  const { plans, regions } = catalog.data;
  const products = offered(catalog.data);
  const keys = sshKeys.data.ssh_keys;
  const chosen = choose(catalog.data, keys);
  const errors = fieldErrors(create.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({
      projectId,
      instance: {
        ...chosen,
        ssh_key_id: chosen.ssh_key_id ?? "",
        hostname: String(form.get("hostname")).trim(),
        backups: form.get("backups") === "on",
        ...(restoring ? { snapshot_id: restoring.id } : {}),
      },
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Create an instance">
      <StartFromField snapshots={available} value={restoring?.id ?? ""} onChange={pick("snapshot_id")} error={errors.snapshot_id} />
      <ImageRegionFields
        products={products}
        regions={regions}
        product={chosen.product}
        region={chosen.region}
        onProduct={pick("product")}
        onRegion={pick("region")}
        errors={errors}
        restoring={restoring !== undefined}
      />
      {engine === "simulated" && (
        <p data-testid="simulated-note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Simulated: this cloud runs no machines. The instance goes through every status and is billed, but nothing exists at its address and
          there is nothing to log into. An operator connects a real engine (README, “Run it for real”).
        </p>
      )}
      <PlanChoice plans={plans} value={chosen.plan} onChange={pick("plan")} error={errors.plan} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SshKeyChoice keys={keys} value={chosen.ssh_key_id} onChange={pick("ssh_key_id")} error={errors.ssh_key_id} />
        <TextField
          label="Hostname"
          name="hostname"
          required
          maxLength={253}
          placeholder="e.g. web-1"
          autoComplete="off"
          spellCheck={false}
          error={errors.hostname}
        />
      </div>
      <CheckboxField label="Take backups automatically" name="backups" />
      <CreateRefusal error={create.error} fields={FIELDS} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending || keys.length === 0}>
          {create.isPending ? "Creating…" : "Create instance"}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
