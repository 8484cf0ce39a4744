// The workspace a console request acts in, and the member's role there. A session acts in the
// workspace it was signed in to or switched to (console_sessions.workspace_id); a session that
// names none, or a workspace the user has left, acts in the user's first workspace.
import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import type { Role } from "./role-order";

export type Membership = { workspaceId: string; role: Role };
export type MemberOf = { userId: string; sessionId?: string | null };

const notAMember = () => new AppError("not_found", "You do not belong to any workspace.");

/** The user's first workspace (the one they signed up with, or joined first), or null. */
export async function firstWorkspaceId(userId: string): Promise<string | null> {
  const first = await db().membership.findFirst({ where: { userId }, orderBy: { createdAt: "asc" }, select: { workspaceId: true } });
  return first?.workspaceId ?? null;
}

/**
 * The session's workspace and the member's role in it, and whether the workspace holds them at the
 * two-factor set-up (it requires a second factor they have not set up): one read while the session
 * names a workspace of the user.
 */
export async function currentMembership(member: MemberOf): Promise<Membership & { mustSetUpTwoFactor: boolean }> {
  const select = { workspaceId: true, role: true, workspace: { select: { requireTwoFactor: true } }, user: { select: { twoFactor: { select: { enabledAt: true } } } } } as const;
  const ofSession = member.sessionId
    ? await db().membership.findFirst({ where: { userId: member.userId, workspace: { consoleSessions: { some: { id: member.sessionId, userId: member.userId } } } }, select })
    : null;
  const membership = ofSession ?? (await db().membership.findFirst({ where: { userId: member.userId }, orderBy: { createdAt: "asc" }, select }));
  if (!membership) throw notAMember();
  return {
    workspaceId: membership.workspaceId,
    role: membership.role as Role,
    mustSetUpTwoFactor: membership.workspace.requireTwoFactor && !membership.user.twoFactor?.enabledAt,
  };
}
