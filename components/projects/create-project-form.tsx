"use client";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { fieldErrors, formError } from "@/components/console/form-errors";
import { useProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useRefreshedProjects } from "./use-refreshed-projects";

/** Adds a project to the workspace, then offers to switch to it. */
export function CreateProjectForm() {
  const trpc = useTRPC();
  const { select } = useProject();
  const { refreshing, refresh } = useRefreshedProjects();
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const create = useMutation(trpc.projects.create.mutationOptions({ onSuccess: refresh }));
  const errors = fieldErrors(create.error);
  const general = formError(create.error, ["name"]);
  const busy = create.isPending || refreshing;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setCreated(null);
    create.mutate(
      { name: String(new FormData(form).get("name") ?? "") },
      {
        onSuccess: (project) => {
          form.reset();
          setCreated(project);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <TextField label="Project name" name="name" required maxLength={100} placeholder="e.g. staging" autoComplete="off" error={errors.name} />
        <Button type="submit" disabled={busy} className="sm:mt-6">
          {busy ? "Creating…" : "Create project"}
        </Button>
      </div>
      {general && <Alert>{general}</Alert>}
      {created && !busy && (
        <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <span className="min-w-0 break-words">
            Created <span className="font-medium">{created.name}</span>.
          </span>
          <Button variant="secondary" className="px-2.5 py-1 text-xs" onClick={() => { select(created.id); setCreated(null); }}>
            Switch to it
          </Button>
        </div>
      )}
    </form>
  );
}
