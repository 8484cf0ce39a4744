// Session versions on the real database: a session is current while its version is the user's;
// sign-out, "sign out everywhere" and a new password move the version on, only for that user.
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { createCaller } from "../trpc/root";
import { checkCredentials, setPassword, signUp } from "./service";
import { endSessions, sessionIsCurrent } from "./sessions";

const PASSWORD = "a-long-enough-password";

beforeAll(() => migrate());

async function signedIn() {
  const email = `sessions-${newId("req").slice(-10).toLowerCase()}@sessions.test`;
  const account = await signUp({ email, password: PASSWORD, name: "Sessions" });
  const user = await checkCredentials(email, PASSWORD, `2001:db8::${newId("req").slice(-4).toLowerCase()}`);
  if (!user) throw new Error("sign-in failed");
  return { ...account, email, version: user.sessionVersion };
}

describe("session versions", () => {
  it("a session is current until its user's sessions end; a stale session's end ends nothing newer", async () => {
    const user = await signedIn();
    expect(await sessionIsCurrent(user.userId, user.version)).toBe(true);
    expect(await sessionIsCurrent(user.userId, undefined)).toBe(false); // a cookie from before versions
    await endSessions(user.userId, user.version);
    expect(await sessionIsCurrent(user.userId, user.version)).toBe(false);
    const next = user.version + 1;
    expect(await sessionIsCurrent(user.userId, next)).toBe(true);
    await endSessions(user.userId, user.version); // the old session signing out again
    expect(await sessionIsCurrent(user.userId, next)).toBe(true);
  });

  it("a new password (admin set-password) ends every session of that user only", async () => {
    const user = await signedIn();
    const other = await signedIn();
    await setPassword(user.email, "another-long-password");
    expect(await sessionIsCurrent(user.userId, user.version)).toBe(false);
    expect(await sessionIsCurrent(other.userId, other.version)).toBe(true);
  });

  it("sign out everywhere (tRPC) ends the caller's sessions, nobody else's", async () => {
    const user = await signedIn();
    const other = await signedIn();
    expect(await createCaller({ userId: user.userId }).account.signOutEverywhere()).toEqual({ ended: true });
    expect(await sessionIsCurrent(user.userId, user.version)).toBe(false);
    expect(await sessionIsCurrent(other.userId, other.version)).toBe(true);
  });
});
