"use client";
// The Instances page: the list, the create form on demand, and the progress of the one just created.
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { useProject } from "@/components/console/project-context";
import { useRole } from "@/components/console/role";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { CreateInstanceForm, type CreatedInstance } from "./create-instance-form";
import { InstanceList } from "./instance-list";
import { ProvisioningProgress } from "./provisioning-progress";

export function InstancesPanel() {
  const { project } = useProject();
  // A new project starts with a clean page (no form open, no progress of another project's instance).
  return <ProjectInstances key={project.id} projectId={project.id} projectName={project.name} />;
}

function ProjectInstances({ projectId, projectName }: { projectId: string; projectName: string }) {
  // `?snapshot=snap_...` (from a snapshot's "New instance from it") opens the form starting from it.
  const fromSnapshot = useSearchParams().get("snapshot") ?? undefined;
  const [creating, setCreating] = useState(fromSnapshot !== undefined);
  const [created, setCreated] = useState<CreatedInstance | null>(null);
  const mayCreate = useRole().allows("developer");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Instances"
        description={<>Virtual machines of the project <span className="font-medium text-slate-800">{projectName}</span>, billed per started hour while they run.</>}
        actions={mayCreate && !creating && <Button onClick={() => setCreating(true)}>New instance</Button>}
      />
      {created && <ProvisioningProgress projectId={projectId} created={created} onDismiss={() => setCreated(null)} />}
      {creating && (
        <Card title="Create an instance">
          <CreateInstanceForm
            projectId={projectId}
            fromSnapshot={fromSnapshot}
            onCancel={() => setCreating(false)}
            onCreated={(instance) => {
              setCreated(instance);
              setCreating(false);
            }}
          />
        </Card>
      )}
      <Card title="Instances">
        <InstanceList projectId={projectId} onCreate={creating || !mayCreate ? undefined : () => setCreating(true)} />
      </Card>
    </div>
  );
}
