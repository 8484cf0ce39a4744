import { HeaderBalance } from "./header-balance";
import { ProjectSwitcher } from "./project-switcher";
import { SignOutButton } from "./sign-out-button";

type HeaderWorkspace = { name: string; balance: number; tier: string };

export function ConsoleHeader({ workspace }: { workspace: HeaderWorkspace }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <span className="text-base font-semibold tracking-tight">Switchyard</span>
        <ProjectSwitcher />
        <div className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span data-testid="workspace-name" className="hidden font-medium sm:inline">
            {workspace.name}
          </span>
          <span data-testid="workspace-tier" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium capitalize text-slate-700">
            {workspace.tier}
          </span>
          <HeaderBalance balance={workspace.balance} />
          <SignOutButton />
        </div>
      </div>
    </header>
  );
}
