"use client";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { CreateKeyForm, type CreatedKey } from "./create-key-form";
import { KeyList } from "./key-list";
import { NewKeyReveal } from "./new-key-reveal";

type Project = { id: string; name: string };

export function KeysPanel({ projects }: { projects: Project[] }) {
  const [projectId, setProjectId] = useState(projects[0]?.id ?? "");
  const [created, setCreated] = useState<CreatedKey | null>(null);

  if (!projectId) return <p className="text-sm text-slate-600">This workspace has no project yet.</p>;
  return (
    <div className="space-y-6">
      {projects.length > 1 && (
        <div className="max-w-xs">
          <SelectField label="Project" value={projectId} onChange={(event) => { setProjectId(event.target.value); setCreated(null); }}>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {created ? (
        <NewKeyReveal created={created} onDone={() => setCreated(null)} />
      ) : (
        <Card title="Create a key">
          <CreateKeyForm projectId={projectId} onCreated={setCreated} />
        </Card>
      )}
      <Card title="Active keys">
        <KeyList projectId={projectId} />
      </Card>
    </div>
  );
}
