"use client";
// The workspace's projects: which one the console acts on, switching, renaming, adding one.
import { useProject } from "@/components/console/project-context";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/states";
import { CreateProjectForm } from "./create-project-form";
import { ProjectRow } from "./project-row";

export function ProjectsPanel() {
  const { projects, project: selected, select } = useProject();
  return (
    <div className="space-y-6">
      <Card title="Projects in this workspace">
        {projects.length === 0 ? (
          <Empty title="This workspace has no project yet.">Create one below.</Empty>
        ) : (
          <ul aria-label="Projects" className="-mb-3 divide-y divide-slate-100">
            {projects.map((project) => (
              <ProjectRow key={project.id} project={project} current={project.id === selected?.id} onSwitch={() => select(project.id)} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Create a project">
        <CreateProjectForm />
      </Card>
    </div>
  );
}
