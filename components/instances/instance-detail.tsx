"use client";
// One instance's page: what it is, and everything that can be done with it, each section offering
// only what the status allows. Polls the instance every 1.5 s while it moves between statuses.
import { useQuery } from "@tanstack/react-query";
import { errorCode } from "@/components/console/form-errors";
import { formatTime } from "@/components/console/format-time";
import { useProject } from "@/components/console/project-context";
import { useRole } from "@/components/console/role";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { DeleteInstance } from "./delete-instance";
import { InstanceActions } from "./instance-actions";
import { InstanceBackups } from "./instance-backups";
import { InstanceOverview } from "./instance-overview";
import { InstanceSettingsForm } from "./instance-settings-form";
import { InstanceSnapshots } from "./instance-snapshots";
import { pollEvery } from "./instance-status";
import { InstanceStatusBadge } from "./instance-status-badge";
import { PowerControls } from "./power-controls";
import { ResizeForm } from "./resize-form";
import { Moment } from "@/components/ui/moment";

export function InstanceDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const { project } = useProject();
  const query = useQuery(
    trpc.instances.get.queryOptions({ projectId: project.id, id }, { refetchInterval: (q) => pollEvery([q.state.data?.instance.status]) }),
  );

  return (
    <div className="space-y-6">
      <BackLink href="/instances" label="Instances" />
      {query.isPending ? (
        <Loading label="Loading the instance" />
      ) : query.isError ? (
        errorCode(query.error) === "not_found" ? (
          <Empty title="No such instance in this project" testId="instance-not-found">
            The project <span className="font-medium">{project.name}</span> has no instance <code className="break-all">{id}</code>. It may belong to
            another project: choose that one in the header.
          </Empty>
        ) : (
          <LoadError error={query.error} retry={() => query.refetch()} />
        )
      ) : (
        <InstanceSections projectId={project.id} instance={query.data.instance} />
      )}
    </div>
  );
}

type Instance = Parameters<typeof InstanceOverview>[0]["instance"];

function InstanceSections({ projectId, instance }: { projectId: string; instance: Instance }) {
  // Power, resize, settings and delete: a developer's (a viewer reads the instance only).
  const mayChange = useRole().allows("developer") && instance.status !== "deleted";
  return (
    <>
      <PageHeader
        title={instance.hostname}
        description={<code className="break-all text-xs text-slate-500">{instance.id}</code>}
        status={<InstanceStatusBadge status={instance.status} />}
      />
      {instance.status === "failed" && (
        <Alert>
          <span data-testid="instance-failed">
            This instance failed and cannot run. {instance.status_reason ?? "Its last operation could not finish. Delete it and create another."}
          </span>
        </Alert>
      )}
      {instance.status === "deleted" && (
        <Alert tone="info">
          This instance was deleted (<Moment at={instance.updated_at} />). It no longer runs or costs anything; its snapshots stay
          below until you delete them.
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Overview">
          <InstanceOverview projectId={projectId} instance={instance} />
        </Card>
        {mayChange && (
          <Card title="Power">
            <PowerControls projectId={projectId} instance={instance} />
          </Card>
        )}
        {mayChange && (
          <Card title="Resize">
            <ResizeForm projectId={projectId} instance={instance} />
          </Card>
        )}
        {mayChange && (
          <Card title="Settings">
            <InstanceSettingsForm projectId={projectId} instance={instance} />
          </Card>
        )}
      </div>
      <Card title="Actions">
        <InstanceActions projectId={projectId} instance={instance} />
      </Card>
      <Card title="Snapshots">
        <InstanceSnapshots projectId={projectId} instance={instance} />
      </Card>
      <Card title="Backups">
        <InstanceBackups projectId={projectId} instance={instance} />
      </Card>
      {mayChange && (
        <Card title="Delete">
          <DeleteInstance projectId={projectId} instance={instance} />
        </Card>
      )}
    </>
  );
}
