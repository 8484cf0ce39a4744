// The console shell. Signed-out visitors go to /sign-in (consoleWorkspace redirects).
import type { ReactNode } from "react";
import { ConsoleHeader } from "@/components/console/console-header";
import { consoleWorkspace } from "@/server/trpc/server";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const workspace = await consoleWorkspace();
  return (
    <div className="min-h-screen">
      <ConsoleHeader workspace={workspace} />
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
