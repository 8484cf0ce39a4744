// Issue 38, row 9: a session cookie alone turned two-factor sign-in on with an attacker's
// authenticator (the owner then could not sign in). Turning it on asks for the password, ends
// every other session and mails the owner. Through the console's procedures, on the real database.
import { generate } from "otplib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newId } from "../../ids";
import { migrate } from "../../migrations";
import { createCaller } from "../../trpc/root";
import { sendMail } from "../../mail/send-mail";
import { signUp } from "../service";
import { sessionIsCurrent, startSession } from "../sessions";

vi.mock("../../mail/send-mail", () => ({ sendMail: vi.fn(async () => undefined) }));

const PASSWORD = "a-long-enough-password";
beforeAll(() => migrate());

async function account() {
  const email = `turn-on-${newId("req").slice(-10).toLowerCase()}@two-factor.test`;
  const created = await signUp({ email, password: PASSWORD, name: "Turn On" });
  const here = await startSession(created.userId, {});
  const there = await startSession(created.userId, {});
  return { ...created, email, here, there, caller: createCaller({ userId: created.userId, sessionId: here, address: "192.0.2.77" }) };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as { code: string; cause?: { extra?: { param?: string } } });

describe("turning two-factor sign-in on", () => {
  it("is refused to a session without the password, and with a wrong one (named by its field)", async () => {
    const user = await account();
    const { secret } = await user.caller.twoFactor.start();
    const code = await generate({ secret });
    expect(await refusal(user.caller.twoFactor.confirm({ code } as never))).toMatchObject({ code: "BAD_REQUEST" });
    expect(await refusal(user.caller.twoFactor.confirm({ password: "not-the-password", code } as never))).toMatchObject({ code: "BAD_REQUEST", cause: { extra: { param: "password" } } });
    expect(await user.caller.twoFactor.status()).toMatchObject({ enabled: false });
  });

  it("with the password: every other session ends, this one stays, and the owner is mailed", async () => {
    const user = await account();
    const { secret } = await user.caller.twoFactor.start();
    vi.mocked(sendMail).mockClear();
    await user.caller.twoFactor.confirm({ password: PASSWORD, code: await generate({ secret }) } as never);
    expect(await user.caller.twoFactor.status()).toMatchObject({ enabled: true });
    expect(await sessionIsCurrent(user.userId, user.there)).toBe(false);
    expect(await sessionIsCurrent(user.userId, user.here)).toBe(true);
    expect(vi.mocked(sendMail)).toHaveBeenCalledWith(expect.objectContaining({ to: user.email, subject: expect.stringMatching(/two-factor sign-in was turned on/i) }));
  });
});
