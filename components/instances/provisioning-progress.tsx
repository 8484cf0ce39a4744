"use client";
// The instance just created, followed as it comes up: requested, provisioning, running (with its
// address), or failed. Polls the instance while it moves; announced to screen readers as it changes.
import { plainMessage } from "@/components/console/plain-message";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { Card } from "@/components/ui/card";
import { Steps, type StepState } from "@/components/ui/steps";
import type { CreatedInstance } from "./create-instance-form";
import { pollEvery } from "./instance-status";
import { InstanceStatusBadge } from "./instance-status-badge";

function progress(status: string): { provisioning: StepState; running: StepState } {
  if (status === "provisioning") return { provisioning: "current", running: "todo" };
  if (status === "failed") return { provisioning: "failed", running: "todo" };
  return { provisioning: "done", running: status === "running" ? "done" : "current" };
}

export function ProvisioningProgress({ projectId, created, onDismiss }: { projectId: string; created: CreatedInstance; onDismiss: () => void }) {
  const trpc = useTRPC();
  const query = useQuery(
    trpc.instances.get.queryOptions(
      { projectId, id: created.id },
      { refetchInterval: (q) => pollEvery([q.state.data?.instance.status ?? created.status]) },
    ),
  );
  const instance = query.data?.instance ?? { ...created, ipv4: null, ssh: null };
  const where = instance.ssh ? `: ssh -p ${instance.ssh.port} ${instance.ssh.user}@${instance.ssh.host}` : instance.ipv4 ? ` at ${instance.ipv4}` : "";
  const steps = progress(instance.status);
  const sentence =
    instance.status === "provisioning"
      ? `${instance.hostname} is being provisioned…`
      : instance.status === "running"
        ? `${instance.hostname} is running${where}.`
        : instance.status === "failed"
          ? `${instance.hostname} could not be provisioned. ${query.data?.instance.status_reason ?? "Open it to delete it, then create another."}`
          : `${instance.hostname} is ${instance.status}.`;

  return (
    <Card title="New instance">
      <div className="space-y-4" data-testid="provisioning-progress">
        <Steps
          label={`Progress of ${instance.hostname}`}
          steps={[
            { label: "Requested", state: "done" },
            { label: "Provisioning", state: steps.provisioning },
            { label: "Running", state: steps.running },
          ]}
        />
        <div className="flex flex-wrap items-center gap-3">
          <InstanceStatusBadge status={instance.status} />
          <p role="status" className="min-w-0 break-words text-sm text-slate-700">
            {sentence}
          </p>
        </div>
        {query.isError && <p className="text-sm text-red-600">Could not refresh the status: {plainMessage(query.error.message)}</p>}
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={`/instances/${instance.id}`}>Open instance</ButtonLink>
          <Button variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    </Card>
  );
}
