// How long console sessions live and how they end, for next-auth (server/auth.ts). A session is
// a signed cookie that lasts SESSION_IDLE_SECONDS from its last refresh (the console refreshes it
// while it is used, components/console/session-keeper.tsx), carrying the id of its row in the
// sessions table (accounts/sessions.ts), checked on every read: signing out, ending it from the
// Security page, "Sign out everywhere" and a new password delete rows, and the cookie stops working.
import "server-only";
import type { CallbacksOptions, EventCallbacks } from "next-auth";
import type { SignedInUser } from "./accounts/service";
import { endSession, SESSION_IDLE_SECONDS, sessionIsCurrent, startSession } from "./accounts/sessions";

export { SESSION_IDLE_SECONDS };

/** Thrown by the jwt callback for a session that has ended: next-auth then clears the cookie. */
export class SessionEnded extends Error {
  constructor() {
    super("The session has ended.");
    this.name = "SessionEnded";
  }
}

/** next-auth's jwt callback: the session's row is made at sign-in; every later read checks it. */
export const sessionToken: CallbacksOptions["jwt"] = async ({ token, user }) => {
  if (user) {
    const signedIn = user as SignedInUser;
    return { ...token, sessionId: await startSession(signedIn.id, signedIn.client) };
  }
  if (!token.sub || !(await sessionIsCurrent(token.sub, token.sessionId))) throw new SessionEnded();
  return token;
};

/** next-auth's sign-out event: ends this session (the user's others stay). */
export const endSignedOutSessions: EventCallbacks["signOut"] = async ({ token }) => {
  if (token?.sub && typeof token.sessionId === "string") await endSession(token.sub, token.sessionId);
};
