// Changing a password from the console (tRPC, real database): the current password first, the new
// one strong, every other session ends and this one stays.
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { createCaller } from "../trpc/root";
import { checkCredentials, signUp } from "./service";
import { sessionIsCurrent, startSession } from "./sessions";

const PASSWORD = "a-long-enough-password";
const NEW_PASSWORD = "quiet-harbour-lantern-47";

beforeAll(() => migrate());

async function account() {
  const email = `change-${newId("req").slice(-10).toLowerCase()}@change.test`;
  const created = await signUp({ email, password: PASSWORD, name: "Change" });
  const here = await startSession(created.userId, {});
  const there = await startSession(created.userId, {});
  const address = `2001:db8:2::${newId("req").slice(-4).toLowerCase()}`;
  return { ...created, email, here, there, caller: createCaller({ userId: created.userId, sessionId: here, address }) };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as TRPCError & { cause: { extra: { param?: string } } });

describe("password change", () => {
  it("a wrong current password or a weak new one changes nothing, each named by its field", async () => {
    const user = await account();
    const wrong = await refusal(user.caller.account.changePassword({ currentPassword: "not-the-password", newPassword: NEW_PASSWORD }));
    expect(wrong).toMatchObject({ code: "BAD_REQUEST", message: "The current password is not right.", cause: { extra: { param: "currentPassword" } } });
    const weak = await refusal(user.caller.account.changePassword({ currentPassword: PASSWORD, newPassword: "password1234" }));
    expect(weak).toMatchObject({ code: "BAD_REQUEST", cause: { extra: { param: "newPassword" } } });
    expect(await checkCredentials(user.email, PASSWORD, null)).toMatchObject({ id: user.userId });
    expect(await sessionIsCurrent(user.userId, user.there)).toBe(true);
  });

  it("the new password works, the other sessions end, this one stays; audited", async () => {
    const user = await account();
    expect(await user.caller.account.changePassword({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).toEqual({ changed: true });
    expect(await sessionIsCurrent(user.userId, user.here)).toBe(true);
    expect(await sessionIsCurrent(user.userId, user.there)).toBe(false);
    expect(await checkCredentials(user.email, PASSWORD, null)).toBeNull();
    expect(await checkCredentials(user.email, NEW_PASSWORD, null)).toMatchObject({ id: user.userId });
    expect(await db().auditEvent.count({ where: { workspaceId: user.workspaceId, action: "user.password_change", actorId: user.userId } })).toBe(1);
  });
});
