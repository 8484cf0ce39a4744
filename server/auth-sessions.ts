// How long console sessions live and how they end, for next-auth (server/auth.ts). A session is
// a signed cookie that lasts SESSION_IDLE_SECONDS from its last refresh (the console refreshes it
// while it is used, components/console/session-keeper.tsx), and is checked on every read against
// its user's session version (accounts/sessions.ts). Signing out moves that version on, which
// ends every session of the user, not only this browser's: with signed cookies the alternative
// is a list of revoked session ids, kept and read on every request until each would have expired
// anyway, for the small comfort of staying signed in elsewhere. "Sign out everywhere" and a new
// password move it on too.
import "server-only";
import type { CallbacksOptions, EventCallbacks } from "next-auth";
import type { SignedInUser } from "./accounts/service";
import { endSessions, sessionIsCurrent } from "./accounts/sessions";

/** A session ends after this long without use. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;

/** Thrown by the jwt callback for a session that has ended: next-auth then clears the cookie. */
export class SessionEnded extends Error {
  constructor() {
    super("The session has ended.");
    this.name = "SessionEnded";
  }
}

/** next-auth's jwt callback: the version goes in at sign-in; every later read checks it. */
export const sessionToken: CallbacksOptions["jwt"] = async ({ token, user }) => {
  if (user) return { ...token, sessionVersion: (user as SignedInUser).sessionVersion };
  if (!token.sub || !(await sessionIsCurrent(token.sub, token.sessionVersion))) throw new SessionEnded();
  return token;
};

/** next-auth's sign-out event: ends the user's sessions, if this one had not ended already. */
export const endSignedOutSessions: EventCallbacks["signOut"] = async ({ token }) => {
  if (token?.sub && typeof token.sessionVersion === "number") await endSessions(token.sub, token.sessionVersion);
};
