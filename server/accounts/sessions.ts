// Console sessions: one row per sign-in, whose id the session cookie carries. A session is current
// while its row exists, so the check is one read by primary key, and ending a session (sign-out,
// "End this session", "Sign out everywhere", a new password) deletes rows.
import "server-only";
import { recordAudit } from "../audit/service";
import { db, type Tx } from "../db";
import { newId } from "../ids";
import { firstWorkspaceId } from "../workspaces/membership";
import { userAuditRecords, withWorkspaces } from "./user-audit";

/** A session ends after this long without use (the cookie's own lifetime, server/auth-sessions.ts). */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** "Last seen" moves on at most this often: a write per request would be a write per page. */
const LAST_SEEN_STEP_MS = 60_000;
const USER_AGENT_MAX = 400;

export type SessionClient = { address?: string | null; userAgent?: string | null };

/**
 * A new session for the user (at sign-in), acting in their first workspace; also forgets the
 * user's sessions that expired unused.
 */
export async function startSession(userId: string, client: SessionClient, now = new Date()): Promise<string> {
  const id = newId("ses");
  const workspaceId = await firstWorkspaceId(userId);
  const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000 - LAST_SEEN_STEP_MS);
  await db().$transaction([
    db().consoleSession.deleteMany({ where: { userId, lastSeenAt: { lt: idleSince } } }),
    db().consoleSession.create({
      data: { id, userId, workspaceId, createdAt: now, lastSeenAt: now, address: client.address ?? null, userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null },
    }),
  ]);
  return id;
}

/**
 * Whether the session `sessionId` of `userId` is still current; one read by primary key. Moves
 * "last seen" on when it is more than a minute old (a conditional write, so concurrent reads of
 * one session write once).
 */
export async function sessionIsCurrent(userId: string, sessionId: unknown, now = new Date()): Promise<boolean> {
  if (typeof sessionId !== "string") return false;
  const session = await db().consoleSession.findUnique({ where: { id: sessionId }, select: { userId: true, lastSeenAt: true } });
  if (session?.userId !== userId) return false;
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_STEP_MS) {
    const stale = new Date(now.getTime() - LAST_SEEN_STEP_MS);
    await db().consoleSession.updateMany({ where: { id: sessionId, lastSeenAt: { lt: stale } }, data: { lastSeenAt: now } });
  }
  return true;
}

/** Ends one session of the user; whether there was one to end. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const { count } = await db().consoleSession.deleteMany({ where: { id: sessionId, userId } });
  return count > 0;
}

/**
 * Ends every session of the user but `keep` (the session asking, when it stays signed in); in the
 * transaction of the change that ends them, when given.
 */
export async function endSessions(userId: string, keep?: string | null, writer: Tx | ReturnType<typeof db> = db()): Promise<void> {
  await writer.consoleSession.deleteMany({ where: { userId, ...(keep && { id: { not: keep } }) } });
}

/** The user's sessions that have not expired, newest first. */
export async function listSessions(userId: string, now = new Date()) {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
  return db().consoleSession.findMany({
    where: { userId, lastSeenAt: { gte: idleSince } },
    orderBy: { createdAt: "desc" },
    select: { id: true, createdAt: true, lastSeenAt: true, address: true, userAgent: true },
    take: 100,
  });
}

/** "Sign out everywhere": every session of the user ends, recorded in each of their workspaces. */
export async function endAllSessions(userId: string, address: string | null | undefined): Promise<void> {
  await db().$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, include: withWorkspaces });
    await endSessions(userId, null, tx);
    await recordAudit(tx, userAuditRecords(user, "user.sessions_ended", address));
  });
}
