// Console sessions are signed cookies that the server cannot recall one by one; each carries the
// session version of its user at sign-in, and a session whose version is no longer the user's has
// ended. Moving the version on (sign-out, "sign out everywhere", a new password) ends them all.
import "server-only";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";

/** Whether a session that began under `version` is still the user's. One read by primary key. */
export async function sessionIsCurrent(userId: string, version: unknown): Promise<boolean> {
  if (typeof version !== "number") return false;
  const user = await db().user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion === version;
}

/**
 * Ends every session of the user. Given the `version` of the session asking, only while that is
 * still current: an old, already ended session signing out ends nothing newer.
 */
export async function endSessions(userId: string, version?: number): Promise<void> {
  await db().user.updateMany({
    where: { id: userId, ...(version !== undefined && { sessionVersion: version }) },
    data: { sessionVersion: { increment: 1 } },
  });
}

/** "Sign out everywhere": every session of the user ends, recorded in each of their workspaces. */
export async function endAllSessions(userId: string, by: AuditActor): Promise<void> {
  await db().$transaction(async (tx) => {
    const user = await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, include: { memberships: { select: { workspaceId: true } } } });
    const target = { type: "user", id: user.id, name: user.email };
    await recordAudit(tx, user.memberships.map(({ workspaceId }) => ({ workspaceId, action: "user.sessions_ended" as const, by, target })));
  });
}
