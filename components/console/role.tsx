"use client";
// The member's role in the current workspace, from the console layout (workspace.current). Pages
// and buttons ask it whether the role may do something, by the least role that may
// (server/workspaces/role-order.ts, the same order the service checks): the console hides what a
// role cannot do, and the service refuses it anyway.
import { createContext, useContext, type ReactNode } from "react";
import { roleAllows, type Role } from "@/server/workspaces/role-order";

const RoleContext = createContext<string | null>(null);

export function RoleProvider({ role, children }: { role: string; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

export function useRole(): { role: string; allows: (least: Role) => boolean } {
  const role = useContext(RoleContext);
  if (role === null) throw new Error("useRole outside the console layout");
  return { role, allows: (least) => roleAllows(role, least) };
}

/** Its children only for a role of at least `least` (a create form, a Delete button). */
export function RoleOnly({ least, children }: { least: Role; children: ReactNode }) {
  return useRole().allows(least) ? children : null;
}
