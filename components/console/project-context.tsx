"use client";
// The project the console acts on: chosen in the header, remembered in a cookie (so server-rendered
// pages start with it), and read by every page whose data belongs to a project.
import { useRouter } from "next/navigation";
import { createContext, useContext, useState, type ReactNode } from "react";
import { rememberProject } from "./project-cookie";

export type ConsoleProject = { id: string; name: string };

type ProjectState = { projects: ConsoleProject[]; project: ConsoleProject; select(id: string): void };

const ProjectContext = createContext<ProjectState | null>(null);

export function ProjectProvider({ projects, initialId, children }: { projects: ConsoleProject[]; initialId: string; children: ReactNode }) {
  const router = useRouter();
  const [selectedId, setSelectedId] = useState(initialId);
  const project = projects.find((p) => p.id === selectedId) ?? projects[0];
  const select = (id: string) => {
    rememberProject(id);
    setSelectedId(id);
    router.refresh();
  };
  return <ProjectContext.Provider value={{ projects, project, select }}>{children}</ProjectContext.Provider>;
}

export function useProject(): ProjectState {
  const state = useContext(ProjectContext);
  if (!state) throw new Error("useProject outside the console layout");
  return state;
}
