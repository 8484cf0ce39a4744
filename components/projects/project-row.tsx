"use client";
// One project of the workspace: its name (renamed in place: Enter saves, Escape cancels), its id,
// switching the console to it, and deleting it (the server refuses unless it is empty; the
// workspace's only project offers no Delete).
import { plainMessage } from "@/components/console/plain-message";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { fieldErrors } from "@/components/console/form-errors";
import type { ConsoleProject } from "@/components/console/project-context";
import { useTRPC } from "@/components/providers";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { ConfirmMutation } from "@/components/ui/confirm-button";
import { useRefreshedProjects } from "./use-refreshed-projects";

type ProjectRowProps = {
  project: ConsoleProject;
  current: boolean;
  onSwitch: () => void;
  /** Where the console goes once this project is deleted; none when it is the only project (or the role may not delete). */
  afterDelete: (() => void) | null;
  mayRename: boolean;
};

export function ProjectRow({ project, current, onSwitch, afterDelete, mayRename }: ProjectRowProps) {
  const trpc = useTRPC();
  const { refreshing, refresh } = useRefreshedProjects();
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const rename = useMutation(
    trpc.projects.rename.mutationOptions({
      onSuccess: () => {
        refresh();
        close();
      },
    }),
  );
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.projects.delete.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.projects.list.pathFilter());
        afterDelete?.();
      },
    }),
  );
  const error = rename.error && (fieldErrors(rename.error).name ?? plainMessage(rename.error.message));

  // Back on the Rename button once the field closes, so the keyboard does not lose its place.
  useEffect(() => {
    if (!renaming && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [renaming]);

  function close() {
    returnFocus.current = true;
    rename.reset();
    setRenaming(false);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (name === project.name) return close();
    rename.mutate({ projectId: project.id, name });
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  };

  return (
    <li data-testid="project-row" data-project-id={project.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      {renaming ? (
        <form onSubmit={submit} onKeyDown={escape} className="flex min-w-0 flex-1 flex-wrap items-start gap-2">
          <div className="min-w-[12rem] flex-1">
            <TextField
              label={`New name for ${project.name}`}
              name="name"
              defaultValue={project.name}
              required
              maxLength={100}
              autoFocus
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
              error={error ?? undefined}
            />
          </div>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? "Saving…" : "Save"}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1 basis-60">
            <p className="flex flex-wrap items-center gap-2">
              <span className="break-words font-medium text-slate-900" data-testid="project-name">
                {project.name}
              </span>
              {current && <Badge tone="good">Current</Badge>}
              {refreshing && <span className="text-xs text-slate-500">Saving…</span>}
            </p>
            <code className="break-all text-xs text-slate-500">{project.id}</code>
          </div>
          <div className="flex flex-wrap gap-2">
            {mayRename && (
              <Button ref={renameButton} variant="ghost" aria-label={`Rename ${project.name}`} onClick={() => setRenaming(true)}>
                Rename
              </Button>
            )}
            {!current && (
              <Button variant="secondary" aria-label={`Switch to ${project.name}`} onClick={onSwitch}>
                Switch to
              </Button>
            )}
            {afterDelete && (
              <ConfirmMutation
                mutation={remove}
                ariaLabel={`Delete ${project.name}`}
                note="Only an empty project can be deleted."
                onConfirm={() => remove.mutate({ projectId: project.id })}
              />
            )}
          </div>
        </>
      )}
    </li>
  );
}
