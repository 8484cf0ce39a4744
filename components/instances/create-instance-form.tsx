"use client";
// Creating an instance: a fresh image or one of the project's snapshots, plan, region (from the
// catalog), the SSH key it will accept, hostname and backups. Refusals land at their field; a
// shortage of credits says where to add some.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { errorCode, fieldErrors, formError } from "@/components/console/form-errors";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { CheckboxField, SelectField, TextField } from "@/components/ui/field";
import { LoadError, Loading } from "@/components/ui/states";
import { planRate, planSize } from "./plan-summary";

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
  const catalog = useQuery(trpc.instances.catalog.queryOptions(undefined, { staleTime: Infinity }));
  const sshKeys = useQuery(trpc.sshKeys.list.queryOptions({ projectId, limit: 100 }));
  const snapshots = useQuery(trpc.instances.snapshots.queryOptions({ projectId, limit: 100 }));
  const [choice, setChoice] = useState({ product: "", plan: "", region: "", ssh_key_id: "", snapshot_id: fromSnapshot ?? "" });
  const restoring = snapshots.data?.snapshots.find((s) => s.id === choice.snapshot_id && s.status === "available");
  // A snapshot holds the image of the instance it was taken of: that image is the one to send.
  const source = useQuery(trpc.instances.get.queryOptions({ projectId, id: restoring?.instance_id ?? "" }, { enabled: restoring !== undefined }));
  const create = useMutation(
    trpc.instances.create.mutationOptions({
      onSuccess: (result) => {
        void queryClient.invalidateQueries(trpc.instances.list.pathFilter());
        onCreated(result.instance);
      },
    }),
  );

  if (catalog.isPending || sshKeys.isPending) return <Loading label="Loading the catalog" />;
  if (catalog.isError) return <LoadError error={catalog.error} />;
  if (sshKeys.isError) return <LoadError error={sshKeys.error} />;

  const { products, plans, regions } = catalog.data;
  const keys = sshKeys.data.ssh_keys;
  // Until the user picks, the first of each list is the choice.
  const chosen = {
    product: (restoring && source.data?.instance.product) || choice.product || products[0]?.id,
    plan: choice.plan || plans[0]?.id,
    region: choice.region || regions[0]?.id,
    ssh_key_id: choice.ssh_key_id || keys[0]?.id,
  };
  const pick = (field: keyof typeof choice) => (value: string) => setChoice((current) => ({ ...current, [field]: value }));
  const errors = fieldErrors(create.error);
  const general = formError(create.error, FIELDS);
  const noCredits = errorCode(create.error) === "insufficient_credits";

  const available = (snapshots.data?.snapshots ?? []).filter((s) => s.status === "available");

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
      {available.length > 0 && (
        <SelectField label="Start from" name="snapshot_id" value={restoring?.id ?? ""} onChange={(e) => pick("snapshot_id")(e.target.value)} error={errors.snapshot_id}>
          <option value="">A fresh image</option>
          {available.map((snapshot) => (
            <option key={snapshot.id} value={snapshot.id}>
              Snapshot {snapshot.name} ({snapshot.size_gb} GB)
            </option>
          ))}
        </SelectField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Image"
          name="product"
          value={chosen.product}
          onChange={(e) => pick("product")(e.target.value)}
          error={errors.product}
          disabled={restoring !== undefined}
          title={restoring ? "The snapshot's image" : undefined}
        >
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Region" name="region" value={chosen.region} onChange={(e) => pick("region")(e.target.value)} error={errors.region}>
          {regions.map((region) => (
            <option key={region.id} value={region.id}>
              {region.name} ({region.id})
            </option>
          ))}
        </SelectField>
      </div>
      <ChoiceCards
        legend="Plan"
        name="plan"
        value={chosen.plan}
        onChange={pick("plan")}
        error={errors.plan}
        choices={plans.map((plan) => ({
          value: plan.id,
          title: (
            <span className="flex flex-wrap justify-between gap-x-3">
              <span className="font-mono">{plan.id}</span>
              <span className="font-normal tabular-nums text-slate-700">{planRate(plan)}</span>
            </span>
          ),
          detail: planSize(plan),
        }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {keys.length === 0 ? (
          <div>
            <p className="text-sm font-medium text-slate-700">SSH key</p>
            <div className="mt-1" data-testid="no-ssh-keys-for-instance">
              <Alert tone="warning">
                This project has no SSH key yet, and an instance is reached with one.{" "}
                <Link href="/ssh-keys" className="font-medium underline">
                  Add an SSH key
                </Link>{" "}
                first.
              </Alert>
            </div>
          </div>
        ) : (
          <SelectField label="SSH key" name="ssh_key_id" value={chosen.ssh_key_id} onChange={(e) => pick("ssh_key_id")(e.target.value)} error={errors.ssh_key_id}>
            {keys.map((key) => (
              <option key={key.id} value={key.id}>
                {key.name} ({key.fingerprint.slice(0, 19)}…)
              </option>
            ))}
          </SelectField>
        )}
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
      {noCredits && create.error && (
        <Alert>
          Not enough credits: {create.error.message}{" "}
          <Link href="/billing" className="font-medium underline">
            See billing
          </Link>
        </Alert>
      )}
      {general && !noCredits && <Alert>{general}</Alert>}
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
