// Console sessions on the real database: a session is current while its row exists; sign-out, "End
// this session", "sign out everywhere" and a new password delete rows, only that user's.
import { beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { db } from "../db";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { createCaller } from "../trpc/root";
import { checkCredentials, setPassword, signUp } from "./service";
import { endSession, endSessions, listSessions, SESSION_IDLE_SECONDS, sessionIsCurrent, startSession } from "./sessions";

const PASSWORD = "a-long-enough-password";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

beforeAll(() => migrate());

async function signedIn() {
  const email = `sessions-${newId("req").slice(-10).toLowerCase()}@sessions.test`;
  const account = await signUp({ email, password: PASSWORD, name: "Sessions" });
  const user = await checkCredentials(email, PASSWORD, `2001:db8::${newId("req").slice(-4).toLowerCase()}`);
  if (!user) throw new Error("sign-in failed");
  return { ...account, email, sessionId: await startSession(user.id, { ...user.client, userAgent: FIREFOX }) };
}

describe("console sessions", () => {
  it("a session is current until it ends; another user's id or no id never is", async () => {
    const user = await signedIn();
    const other = await signedIn();
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(true);
    expect(await sessionIsCurrent(other.userId, user.sessionId)).toBe(false);
    expect(await sessionIsCurrent(user.userId, undefined)).toBe(false); // a cookie from before session rows
    expect(await endSession(other.userId, user.sessionId)).toBe(false);
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(true);
    expect(await endSession(user.userId, user.sessionId)).toBe(true);
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(false);
  });

  it("last seen moves on at most once a minute", async () => {
    const user = await signedIn();
    const seen = async () => (await db().consoleSession.findUniqueOrThrow({ where: { id: user.sessionId } })).lastSeenAt.getTime();
    const first = await seen();
    await sessionIsCurrent(user.userId, user.sessionId, new Date(first + 30_000));
    expect(await seen()).toBe(first);
    await sessionIsCurrent(user.userId, user.sessionId, new Date(first + 90_000));
    expect(await seen()).toBe(first + 90_000);
  });

  it("ending all but one keeps that one; sessions idle past their lifetime are not listed", async () => {
    const user = await signedIn();
    const second = await startSession(user.userId, { address: "192.0.2.7" });
    const third = await startSession(user.userId, {});
    await endSessions(user.userId, second);
    expect((await listSessions(user.userId)).map((s) => s.id)).toEqual([second]);
    const later = new Date(Date.now() + (SESSION_IDLE_SECONDS + 5) * 1000);
    expect(await listSessions(user.userId, later)).toEqual([]);
    expect(await sessionIsCurrent(user.userId, third)).toBe(false);
  });

  it("a new password (admin set-password) ends every session of that user only", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await setPassword(user.email, "another-long-password");
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(false);
    expect(await sessionIsCurrent(other.userId, other.sessionId)).toBe(true);
  });

  it("sign out everywhere (tRPC) ends the caller's sessions, nobody else's", async () => {
    const user = await signedIn();
    const other = await signedIn();
    expect(await createCaller({ userId: user.userId }).account.signOutEverywhere()).toEqual({ ended: true });
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(false);
    expect(await sessionIsCurrent(other.userId, other.sessionId)).toBe(true);
  });

  it("the list (tRPC) marks the current session and names the browser; ending one is audited, another's is not found", async () => {
    const user = await signedIn();
    const other = await signedIn();
    const here = await startSession(user.userId, { address: "192.0.2.9", userAgent: "curl/8.5.0" });
    const caller = createCaller({ userId: user.userId, sessionId: here, address: "192.0.2.9" });
    const { sessions } = await caller.account.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.id === here)).toMatchObject({ current: true, browser: "curl", address: "192.0.2.9" });
    expect(sessions.find((s) => s.id === user.sessionId)).toMatchObject({ current: false, browser: "Firefox on Linux" });
    const refused = await caller.account.endSession({ sessionId: other.sessionId }).catch((error: unknown) => error);
    expect((refused as TRPCError).code).toBe("NOT_FOUND");
    expect(await sessionIsCurrent(other.userId, other.sessionId)).toBe(true);
    expect(await caller.account.endSession({ sessionId: user.sessionId })).toEqual({ ended: true });
    expect(await sessionIsCurrent(user.userId, user.sessionId)).toBe(false);
    const audit = await db().auditEvent.findMany({ where: { workspaceId: user.workspaceId, action: "user.session_end" } });
    expect(audit).toMatchObject([{ actorId: user.userId, target: user.sessionId, ip: "192.0.2.9" }]);
  });
});
