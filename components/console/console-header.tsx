import Link from "next/link";
import { HeaderBalance } from "./header-balance";
import { MenuDrawer } from "./menu-drawer";
import { ProjectSwitcher } from "./project-switcher";
import { SignOutButton } from "./sign-out-button";
import { WorkspaceSwitcher } from "./workspace-switcher";
import { ThemeToggle } from "@/components/theme/theme-toggle";

type HeaderWorkspace = { name: string; balance: number; tier: string };

/**
 * One row at every width: the workspace (a choice of them for a member of several) and the role
 * held in it, the tier, the balance; on a phone these and signing out move into the menu drawer.
 */
export function ConsoleHeader({ workspace }: { workspace: HeaderWorkspace }) {
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center gap-x-3 px-4 py-3 md:gap-x-4">
        <span className="text-base font-semibold tracking-tight">Switchyard</span>
        <ProjectSwitcher />
        <div className="ml-auto hidden items-center gap-x-4 text-sm md:flex">
          <WorkspaceSwitcher name={workspace.name} />
          <span data-testid="workspace-tier" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700">
            {workspace.tier}
          </span>
          <HeaderBalance balance={workspace.balance} />
          <ThemeToggle />
          <SignOutButton />
        </div>
        <div className="ml-auto md:hidden">
          <MenuDrawer>
            <Link href="/projects" className="mb-3 block rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100">
              All projects
            </Link>
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="block">
                  <WorkspaceSwitcher name={workspace.name} id="menu-workspace-switcher" />
                </span>
                <span className="capitalize text-slate-600">{workspace.tier}</span> · <HeaderBalance balance={workspace.balance} testId="menu-balance" />
              </span>
              <span className="flex items-center gap-2">
                <ThemeToggle />
                <SignOutButton />
              </span>
            </div>
          </MenuDrawer>
        </div>
      </div>
    </header>
  );
}
