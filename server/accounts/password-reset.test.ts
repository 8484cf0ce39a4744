// Password reset on the real database: the same answer whether or not the address has an account,
// a link that works once and not after it expires, and the limits on asking.
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withConsoleUrl } from "../../test/kits/mail-links";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { checkCredentials, signUp } from "./service";
import { checkResetLink, requestPasswordReset, RESET_ASKED, resetPassword } from "./password-reset";
import { sessionIsCurrent, startSession } from "./sessions";
import { runWithRequest } from "../request-context";

const PASSWORD = "a-long-enough-password";
const NEW_PASSWORD = "quiet-harbour-lantern-47";

withConsoleUrl();

const tag = () => newId("req").slice(-10).toLowerCase();
// Each client of its own /64 (an IPv6 client's addresses count as one).
const client = () => ({ address: `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`, origin: "http://console.test" });
/** The links written so far for a user: they are written after the answer, so this waits a little for them. */
async function linksOf(userId: string, expected: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const count = await db().passwordReset.count({ where: { userId } });
    if (count >= expected) return count;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return db().passwordReset.count({ where: { userId } });
}

async function account() {
  const email = `reset-${tag()}@reset.test`;
  return { ...(await signUp({ email, password: PASSWORD, name: "Reset" })), email };
}

/** Asks for a link the way the service mails it, and reads the token from a row it made. */
async function linkFor(email: string, now = new Date()): Promise<string> {
  const token = `t${tag()}${tag()}`;
  const user = await db().user.findUniqueOrThrow({ where: { email } });
  const tokenHash = createHash("sha256").update(token).digest("hex");
  await db().passwordReset.create({ data: { tokenHash, userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 3600_000) } });
  return token;
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError);

describe("password reset", () => {
  it("answers the same for an address with and without an account; only an account gets a link and an audit entry", async () => {
    const user = await account();
    const unknown = `nobody-${tag()}@reset.test`;
    const known = await requestPasswordReset(user.email, client());
    const notKnown = await requestPasswordReset(unknown, client());
    expect(known).toEqual({ message: RESET_ASKED });
    expect(notKnown).toEqual(known);
    expect(await linksOf(user.userId, 1)).toBe(1);
    const audit = await db().auditEvent.findMany({ where: { action: "user.password_reset_requested", target: user.userId } });
    expect(audit).toMatchObject([{ workspaceId: user.workspaceId, actorId: user.userId }]);
  });

  it("a link sets a new password once, ends every session and the user's other links; a second use is refused", async () => {
    const user = await account();
    const session = await startSession(user.userId, {});
    const token = await linkFor(user.email);
    const otherToken = await linkFor(user.email);
    expect(await checkResetLink(token)).toEqual({ outcome: "valid" });
    expect(await resetPassword({ token, password: NEW_PASSWORD }, "192.0.2.1")).toEqual({ reset: true });
    expect(await sessionIsCurrent(user.userId, session)).toBe(false);
    expect(await checkCredentials(user.email, NEW_PASSWORD, "192.0.2.1")).toMatchObject({ id: user.userId });
    const again = await refusal(resetPassword({ token, password: "another-quiet-harbour-99" }, null));
    expect(again).toMatchObject({ code: "invalid_body", extra: { param: "token" } });
    expect(again?.message).toMatch(/used already/);
    expect(await checkResetLink(otherToken)).toEqual({ outcome: "used" });
    expect(await db().auditEvent.count({ where: { action: "user.password_reset", target: user.userId } })).toBe(1);
  });

  it("an expired link, an unknown token and a weak password are refused; the link survives a weak password", async () => {
    const user = await account();
    const old = await linkFor(user.email, new Date(Date.now() - 2 * 3600_000));
    expect((await refusal(resetPassword({ token: old, password: NEW_PASSWORD }, null)))?.message).toMatch(/expired/);
    expect((await refusal(resetPassword({ token: "not-a-token", password: NEW_PASSWORD }, null)))?.message).toMatch(/not valid/);
    const token = await linkFor(user.email);
    expect(await refusal(resetPassword({ token, password: "password1234" }, null))).toMatchObject({ code: "invalid_body", extra: { param: "password" } });
    expect(await checkResetLink(token)).toEqual({ outcome: "valid" });
  });

  it("past three links an hour an address gets no more, with the same answer; one client address is refused past ten asks", async () => {
    const user = await account();
    for (let i = 0; i < 5; i++) expect(await requestPasswordReset(user.email, client())).toEqual({ message: RESET_ASKED });
    expect(await linksOf(user.userId, 3)).toBe(3);
    const from = client();
    for (let i = 0; i < 10; i++) await requestPasswordReset(`nobody-${tag()}@reset.test`, from);
    expect(await refusal(requestPasswordReset(user.email, from))).toMatchObject({ code: "rate_limited" });
  });

  it("does the same database work before answering, account or not; the link is written after the answer (issue 38, row 10)", async () => {
    const user = await account();
    const workBefore = async (email: string) => {
      const request = { requestId: "req_reset_timing", dbOperations: 0 };
      await runWithRequest(request, () => requestPasswordReset(email, client()));
      return request.dbOperations;
    };
    const known = await workBefore(user.email);
    expect(known).toBe(await workBefore(`nobody-${tag()}@reset.test`));
    expect(await linksOf(user.userId, 1)).toBe(1);
  });
});
