// The Security page's session list and "End this session": the user's own sessions only (another
// user's session id is not found), each in words, the one asking marked.
import "server-only";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { browserWords } from "./browser-words";
import { endSession, listSessions } from "./sessions";
import { userAuditRecords, withWorkspaces } from "./user-audit";

export type SessionAsking = { userId: string; sessionId: string | null; address?: string | null };

export type SessionView = { id: string; createdAt: Date; lastSeenAt: Date; address: string | null; browser: string; current: boolean };

export async function mySessions(who: SessionAsking): Promise<{ sessions: SessionView[] }> {
  const rows = await listSessions(who.userId);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      address: row.address,
      browser: browserWords(row.userAgent),
      current: row.id === who.sessionId,
    })),
  };
}

export async function endMySession(who: SessionAsking, sessionId: string): Promise<{ ended: true }> {
  const session = await db().consoleSession.findFirst({ where: { id: sessionId, userId: who.userId }, select: { userAgent: true, address: true } });
  if (!session || !(await endSession(who.userId, sessionId))) throw new AppError("not_found", "No such session: it may have ended already.", { param: "sessionId" });
  const user = await db().user.findUnique({ where: { id: who.userId }, include: withWorkspaces });
  const name = [browserWords(session.userAgent), session.address].filter(Boolean).join(", ");
  if (user) await recordAudit(db(), userAuditRecords(user, "user.session_end", who.address, { type: "session", id: sessionId, name }));
  return { ended: true };
}
