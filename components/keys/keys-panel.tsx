"use client";
// The API keys of the console's selected project: create (the key shown once), list, revoke.
import { useState } from "react";
import { useProject } from "@/components/console/project-context";
import { Card } from "@/components/ui/card";
import { SecretReveal } from "@/components/ui/secret-reveal";
import { CreateKeyForm, type CreatedKey } from "./create-key-form";
import { KeyList } from "./key-list";

export function KeysPanel() {
  const { project } = useProject();
  // Remembered with its project, so switching projects never shows another project's new key.
  const [created, setCreated] = useState<(CreatedKey & { projectId: string }) | null>(null);
  const shown = created?.projectId === project.id ? created : null;

  return (
    <div className="space-y-6">
      {shown ? (
        <SecretReveal
          title="New key"
          subtitle={shown.name}
          label="New API key"
          secret={shown.key}
          testId="new-api-key"
          copyLabel="Copy key"
          note="Copy this key now. It is shown only once: Switchyard stores only a hash of it and cannot show it again."
          onDone={() => setCreated(null)}
        />
      ) : (
        <Card title="Create a key" subtitle={project.name}>
          <CreateKeyForm projectId={project.id} onCreated={(key) => setCreated({ ...key, projectId: project.id })} />
        </Card>
      )}
      <Card title="Active keys" subtitle={project.name}>
        <KeyList projectId={project.id} />
      </Card>
    </div>
  );
}
