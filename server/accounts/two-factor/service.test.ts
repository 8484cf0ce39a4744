// Two-factor sign-in on the real database: codes from otplib as an authenticator app makes them;
// a code is accepted once (no replay in its window), a recovery code once, and neither the
// secret nor the recovery codes are stored as they were shown.
import { generate } from "otplib";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../db";
import { env } from "../../env";
import { newId } from "../../ids";
import { migrate } from "../../migrations";
import { checkCredentials, SecondFactorRequired, signUp } from "../service";
import { confirmTwoFactor, disableTwoFactor, regenerateRecoveryCodes, secondFactorMatches, startTwoFactor, twoFactorStatus } from "./service";

const PASSWORD = "a-long-enough-password";
const by = { type: "user" as const, id: null, address: null };
const at = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

beforeAll(() => migrate());
// The clock stands still in each test (Date only; timers stay real): a code made for one 30-second
// step is checked in that step however long the password check before it takes. On a loaded
// machine a step could end between the two, and the step before became two steps old.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
});
afterEach(() => {
  vi.useRealTimers();
});

async function withTwoFactor() {
  const email = `totp-${newId("req").slice(-10).toLowerCase()}@two-factor.test`;
  const { userId } = await signUp({ email, password: PASSWORD, name: "Totp" });
  const { secret } = await startTwoFactor(userId);
  const { recoveryCodes } = await confirmTwoFactor(userId, { password: PASSWORD, code: await at(secret, -1) }, by);
  return { userId, email, secret, recoveryCodes };
}

describe("two-factor sign-in", () => {
  it("turns on only with a right code from the new authenticator", async () => {
    const { userId } = await signUp({ email: `totp-${newId("req").slice(-10).toLowerCase()}@two-factor.test`, password: PASSWORD, name: "T" });
    const { secret, uri, qrSvg } = await startTwoFactor(userId);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    const wrong = (await at(secret)) === "000000" ? "111111" : "000000";
    await expect(confirmTwoFactor(userId, { password: PASSWORD, code: wrong }, by)).rejects.toThrow(/code is wrong/);
    expect((await twoFactorStatus(userId)).enabled).toBe(false);
    const { recoveryCodes } = await confirmTwoFactor(userId, { password: PASSWORD, code: await at(secret) }, by);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await twoFactorStatus(userId)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("stores the secret sealed and the recovery codes hashed, never as shown", async () => {
    const { userId, secret, recoveryCodes } = await withTwoFactor();
    const stored = await db().twoFactor.findUniqueOrThrow({ where: { userId } });
    expect(stored.secret).not.toContain(secret);
    const hashes = (await db().recoveryCode.findMany({ where: { userId } })).map((r) => r.codeHash);
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(hashes.join(" ")).not.toContain(code);
      expect(hashes.join(" ")).not.toContain(code.replace("-", ""));
    }
  });

  it("accepts a current code once: the same code again (a replay) and an older one are refused", async () => {
    const { userId, secret } = await withTwoFactor();
    const now = await at(secret);
    expect(await secondFactorMatches(userId, now)).toBe(true);
    expect(await secondFactorMatches(userId, now)).toBe(false);
    expect(await secondFactorMatches(userId, await at(secret, -1))).toBe(false);
    expect(await secondFactorMatches(userId, await at(secret, 1))).toBe(true); // the next step, a clock ahead
  });

  it("accepts each recovery code once, as typed with or without its dash, in any case", async () => {
    const { userId, recoveryCodes } = await withTwoFactor();
    expect(await secondFactorMatches(userId, recoveryCodes[0].toUpperCase().replace("-", " "))).toBe(true);
    expect(await secondFactorMatches(userId, recoveryCodes[0])).toBe(false);
    expect(await secondFactorMatches(userId, "aaaaa-bbbbb")).toBe(false);
    expect((await twoFactorStatus(userId)).recoveryCodesLeft).toBe(9);
  });

  it("new recovery codes replace the old ones", async () => {
    const { userId, secret, recoveryCodes } = await withTwoFactor();
    const { recoveryCodes: fresh } = await regenerateRecoveryCodes(userId, await at(secret), by);
    expect(await secondFactorMatches(userId, recoveryCodes[1])).toBe(false);
    expect(await secondFactorMatches(userId, fresh[1])).toBe(true);
  });

  it("sign-in needs the code once it is on; a wrong code fails it; off needs the password and a code", async () => {
    const { userId, email, secret, recoveryCodes } = await withTwoFactor();
    const address = `2001:db8::${newId("req").slice(-4).toLowerCase()}`;
    await expect(checkCredentials(email, PASSWORD, address)).rejects.toBeInstanceOf(SecondFactorRequired);
    expect(await checkCredentials(email, PASSWORD, address, "123456x")).toBeNull();
    expect(await checkCredentials(email, PASSWORD, address, await at(secret))).toMatchObject({ id: userId });
    await expect(disableTwoFactor(userId, { password: "not-the-password", code: recoveryCodes[0] }, by)).rejects.toThrow(/password is wrong/);
    await disableTwoFactor(userId, { password: PASSWORD, code: recoveryCodes[0] }, by);
    expect(await checkCredentials(email, PASSWORD, address)).toMatchObject({ id: userId });
    expect(await db().recoveryCode.count({ where: { userId } })).toBe(0);
  });

  it("wrong codes on the Security page count as failed sign-ins: past the limit even a right code waits", async () => {
    const { userId, secret } = await withTwoFactor();
    const from = { ...by, address: `2001:db8:2::${newId("req").slice(-4).toLowerCase()}` };
    const wrong = (await at(secret)) === "000000" ? "111111" : "000000";
    for (let i = 0; i < env.SIGN_IN_ATTEMPTS; i++) {
      await expect(regenerateRecoveryCodes(userId, wrong, from)).rejects.toThrow(/code is wrong/);
    }
    await expect(regenerateRecoveryCodes(userId, await at(secret), from)).rejects.toMatchObject({ code: "rate_limited" });
    await expect(disableTwoFactor(userId, { password: PASSWORD, code: await at(secret) }, from)).rejects.toMatchObject({ code: "rate_limited" });
    expect((await twoFactorStatus(userId)).enabled).toBe(true);
  });
});
