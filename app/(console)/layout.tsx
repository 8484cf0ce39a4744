// The console shell: header with the project and workspace switchers, navigation beside (or above,
// on a phone) the page, which the member's role may open or not (PageGuard).
// Signed-out visitors go to /sign-in (consoleWorkspaceDuringSetUp redirects).
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { ConsoleHeader } from "@/components/console/console-header";
import { ConsoleNav } from "@/components/console/console-nav";
import { ProjectProvider } from "@/components/console/project-context";
import { PROJECT_COOKIE } from "@/components/console/project-cookie";
import { PageGuard } from "@/components/console/page-guard";
import { RoleProvider } from "@/components/console/role";
import { SessionKeeper } from "@/components/console/session-keeper";
import { VerifyEmailNotice } from "@/components/console/verify-email-notice";
import { consoleWorkspaceDuringSetUp, serverCaller } from "@/server/trpc/server";

/** The chosen project when it is not on the first page the workspace came with (or null). */
async function chosenFurther(projectId: string | undefined, firstPage: { id: string }[]) {
  if (!projectId || firstPage.some((p) => p.id === projectId)) return null;
  return (await serverCaller()).projects.get({ projectId }).catch(() => null);
}

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const workspace = await consoleWorkspaceDuringSetUp();
  const chosen = (await cookies()).get(PROJECT_COOKIE)?.value;
  const further = await chosenFurther(chosen, workspace.projects);
  const projects = further ? [...workspace.projects, further] : workspace.projects;
  const initialId = projects.find((p) => p.id === chosen)?.id ?? projects[0]?.id ?? "";
  return (
    <RoleProvider role={workspace.role}>
      <ProjectProvider projects={projects} initialId={initialId}>
        <SessionKeeper />
        <div className="min-h-screen">
          <a href="#content" className="sr-only rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50">
            Skip to content
          </a>
          <ConsoleHeader workspace={workspace} />
          {!workspace.emailVerified && <VerifyEmailNotice />}
          <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row md:py-8">
            <aside className="hidden md:block md:w-44 md:shrink-0">
              <ConsoleNav />
            </aside>
            <main id="content" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none"><PageGuard>{children}</PageGuard></main>
          </div>
        </div>
      </ProjectProvider>
    </RoleProvider>
  );
}
