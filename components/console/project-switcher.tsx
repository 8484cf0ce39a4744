"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useProject } from "./project-context";

export function ProjectSwitcher() {
  const { projects, project, select } = useProject();
  const onProjects = usePathname() === "/projects";
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <label htmlFor="project-switcher" className="sr-only">
        Project
      </label>
      <select
        id="project-switcher"
        data-testid="project-switcher"
        value={project.id}
        onChange={(event) => select(event.target.value)}
        className="w-full max-w-[8.5rem] truncate rounded-md sm:max-w-[12rem] border border-slate-300 bg-white px-2 py-1.5 text-sm font-medium"
      >
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <Link
        href="/projects"
        aria-current={onProjects ? "page" : undefined}
        className={`hidden whitespace-nowrap underline-offset-2 md:inline hover:underline ${onProjects ? "font-medium text-slate-900 underline" : "text-slate-600"}`}
      >
        Projects
      </Link>
    </div>
  );
}
