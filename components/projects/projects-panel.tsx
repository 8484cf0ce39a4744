"use client";
// The workspace's projects: which one the console acts on, switching, renaming, adding and
// deleting one. The first page comes with the workspace; "Show more" reads the next ones
// (projects.list), and past a page a search narrows them by name on the server.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useProject, type ConsoleProject } from "@/components/console/project-context";
import { RoleOnly, useRole } from "@/components/console/role";
import { useTRPC } from "@/components/providers";
import { Button } from "@/components/ui/button";
import { afterCursor, ShowMore } from "@/components/ui/show-more";
import { Card } from "@/components/ui/card";
import { Empty, LoadError, Loading } from "@/components/ui/states";
import { ListSearch, SEARCH_FROM, useListSearch } from "@/components/ui/list-search";
import { CreateProjectForm } from "./create-project-form";
import { ProjectRow } from "./project-row";
import { useRefreshedProjects } from "./use-refreshed-projects";

const PAGE = 20;

export function ProjectsPanel({ moreAfter }: { moreAfter: string | null }) {
  const trpc = useTRPC();
  const { projects: firstPage, project: selected, select } = useProject();
  const [wantMore, setWantMore] = useState(false);
  const more = useInfiniteQuery({
    ...trpc.projects.list.infiniteQueryOptions({ limit: PAGE }, { ...afterCursor, initialCursor: moreAfter }),
    enabled: wantMore && moreAfter !== null,
  });
  const search = useListSearch();
  const found = useInfiniteQuery({ ...trpc.projects.list.infiniteQueryOptions({ limit: PAGE, ...search.input }, afterCursor), enabled: search.q !== "" });
  const further = (more.data?.pages.flatMap((page) => page.projects) ?? []).filter((p) => !firstPage.some((first) => first.id === p.id));
  const listed: ConsoleProject[] = [...firstPage, ...further];
  const projects: ConsoleProject[] = search.q ? (found.data?.pages.flatMap((page) => page.projects) ?? []) : listed;
  const searchShown = search.text !== "" || moreAfter !== null || firstPage.length > SEARCH_FROM;
  const { refresh } = useRefreshedProjects();
  // Creating, renaming and deleting projects: an admin's; others switch between them only.
  const mayManage = useRole().allows("admin");
  // Deleting the current project moves the console to another one; any other deletion just refreshes.
  const afterDelete = (deleted: ConsoleProject) => () => {
    const next = projects.find((p) => p.id !== deleted.id);
    if (deleted.id === selected?.id && next) select(next.id);
    else refresh();
  };
  return (
    <div className="space-y-6">
      <Card title="Projects in this workspace">
        <ListSearch label="Search projects by name" search={search} shown={searchShown} />
        {search.q && found.status === "error" ? (
          <LoadError error={found.error} retry={found.refetch} />
        ) : search.q && !found.isSuccess ? (
          <Loading label="Searching projects" />
        ) : search.q && projects.length === 0 ? (
          <Empty title="No project matches" testId="no-match">No project of this workspace has a name holding “{search.q}”.</Empty>
        ) : projects.length === 0 ? (
          <Empty title="This workspace has no project yet.">Create one below.</Empty>
        ) : (
          <ul aria-label="Projects" className="-mb-3 divide-y divide-slate-100">
            {projects.map((project) => (
              <ProjectRow
                key={project.id}
                project={project}
                current={project.id === selected?.id}
                onSwitch={() => select(project.id)}
                afterDelete={mayManage && projects.length > 1 ? afterDelete(project) : null}
                mayRename={mayManage}
              />
            ))}
          </ul>
        )}
        {search.q && <ShowMore pages={found} />}
        {!search.q && moreAfter !== null && !wantMore && (
          <Button variant="secondary" className="mt-3" onClick={() => setWantMore(true)}>
            Show more
          </Button>
        )}
        {!search.q && wantMore && <ShowMore pages={more} />}
      </Card>
      <RoleOnly least="admin">
        <Card title="Create a project">
          <CreateProjectForm />
        </Card>
      </RoleOnly>
    </div>
  );
}
