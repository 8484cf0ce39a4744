"use client";
// The webhook endpoints of the console's selected project, and the form that adds one (whose
// signing secret is then shown once in its place).
import { useState } from "react";
import { useProject } from "@/components/console/project-context";
import { useRole } from "@/components/console/role";
import { Card } from "@/components/ui/card";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { CreateWebhookForm, type CreatedWebhook } from "./create-webhook-form";
import { WebhookList } from "./webhook-list";

export function WebhooksPanel() {
  const { project } = useProject();
  const [created, setCreated] = useState<(CreatedWebhook & { projectId: string }) | null>(null);
  const shown = created?.projectId === project.id ? created : null;
  const mayAdd = useRole().allows("developer");

  return (
    <div className="space-y-6">
      <WebhookList projectId={project.id} projectName={project.name} />
      {shown ? (
        <SecretReveal
          title="Signing secret of the new endpoint"
          label="New signing secret"
          secret={shown.secret}
          testId="webhook-secret"
          copyLabel="Copy secret"
          note={
            <>
              Store this signing secret now, where your receiver reads it: it is shown only once. Verify each delivery to{" "}
              <span className="break-all font-medium">{shown.url}</span> with it (any Standard Webhooks library does).
            </>
          }
          onDone={() => setCreated(null)}
        />
      ) : mayAdd ? (
        <Card title="Add an endpoint">
          <CreateWebhookForm projectId={project.id} onCreated={(webhook) => setCreated({ ...webhook, projectId: project.id })} />
        </Card>
      ) : null}
    </div>
  );
}
