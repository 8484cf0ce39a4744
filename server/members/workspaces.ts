// The workspaces a user belongs to, and the console's switch between them: the session's
// workspace changes, so every later request of this session acts there.
import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { currentMembership } from "../workspaces/membership";
import type { Role } from "../workspaces/role-order";

type SessionOf = { userId: string; sessionId?: string | null };

export async function listWorkspaces(user: SessionOf) {
  const [rows, current] = await Promise.all([
    db().membership.findMany({ where: { userId: user.userId }, orderBy: { createdAt: "asc" }, select: { role: true, workspace: { select: { id: true, name: true } } } }),
    currentMembership(user),
  ]);
  return { workspaces: rows.map((row) => ({ id: row.workspace.id, name: row.workspace.name, role: row.role as Role, current: row.workspace.id === current.workspaceId })) };
}

export async function switchWorkspace(user: SessionOf, workspaceId: string) {
  const membership = await db().membership.findUnique({
    where: { userId_workspaceId: { userId: user.userId, workspaceId } },
    select: { role: true, workspace: { select: { id: true, name: true } } },
  });
  if (!membership) throw new AppError("not_found", "You are not a member of that workspace.", { param: "workspaceId" });
  if (!user.sessionId) throw new AppError("conflict", "Sign in again to switch workspaces.");
  await db().consoleSession.updateMany({ where: { id: user.sessionId, userId: user.userId }, data: { workspaceId } });
  return { id: membership.workspace.id, name: membership.workspace.name, role: membership.role as Role };
}
