// Issue 38, row 8: the sign-in limits could be walked around by changing address. An IPv6 client
// counts by its /64 (it holds all 2^64 of them), wrong second-factor codes count per account once
// the password was right, and wrong passwords over every address slow the account down without
// ever refusing its owner. On the real database (and Redis when REDIS_URL is set).
import { randomBytes } from "node:crypto";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { withConsoleUrl } from "../../test/kits/mail-links";
import { env } from "../env";
import { AppError } from "../errors";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { requestPasswordReset } from "./password-reset";
import { checkCredentials, SecondFactorRequired, signUp } from "./service";
import * as limits from "./sign-in-limits";
import { confirmTwoFactor, startTwoFactor } from "./two-factor/service";

const PASSWORD = "a-long-enough-password";
const settings = { ...env };
withConsoleUrl();

beforeAll(async () => {
  await migrate();
  Object.assign(env, { SIGN_IN_ATTEMPTS: 3, SIGN_IN_FIRST_WAIT_SECONDS: 60 });
});
afterAll(() => Object.assign(env, settings));

// Networks and addresses of this run's own (Redis, when set, keeps counts between runs).
const run = randomBytes(2).toString("hex");
let networks = 0;
/** A fresh /64 of documentation space; its addresses are `${network}::N`. */
const newNetwork = () => `2001:db8:${run}:${(++networks).toString(16)}`;
let v4 = 0;
const newIpv4 = () => `198.51.${Number.parseInt(run.slice(0, 2), 16)}.${++v4}`;

async function person() {
  const input = { email: `networks-${newId("req").slice(-10).toLowerCase()}@limits.test`, password: PASSWORD, name: "Networks" };
  return { ...input, ...(await signUp(input)) };
}

async function outcome(attempt: Promise<unknown>): Promise<"signed in" | "wrong" | "code required" | "wait"> {
  try {
    return (await attempt) ? "signed in" : "wrong";
  } catch (error) {
    if (error instanceof SecondFactorRequired) return "code required";
    if (error instanceof AppError && error.code === "rate_limited") return "wait";
    throw error;
  }
}

const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const wrongCode = async (secret: string) => ((await codeAt(secret)) === "000000" ? "111111" : "000000");

describe("an IPv6 client counts by its /64", () => {
  it("failures from different addresses of one /64 add up to the wait", async () => {
    const user = await person();
    const network = newNetwork();
    for (let i = 1; i <= 3; i++) expect(await outcome(checkCredentials(user.email, `wrong-${i}`, `${network}::${i}`))).toBe("wrong");
    expect(await outcome(checkCredentials(user.email, PASSWORD, `${network}::beef`))).toBe("wait");
    // Another network is someone else.
    expect(await outcome(checkCredentials(user.email, PASSWORD, `${newNetwork()}::1`))).toBe("signed in");
  });

  it("password resets asked from one /64 share its hourly budget of 10", async () => {
    const network = newNetwork();
    for (let i = 1; i <= 10; i++) await requestPasswordReset(`nobody-${i}-${run}@limits.test`, { address: `${network}::${i}`, origin: "http://console.test" });
    await expect(requestPasswordReset(`nobody-11-${run}@limits.test`, { address: `${network}::ff`, origin: "http://console.test" })).rejects.toMatchObject({ code: "rate_limited" });
  });
});

describe("wrong second-factor codes count per account", () => {
  async function withTwoFactor() {
    const user = await person();
    const { secret } = await startTwoFactor(user.userId);
    await confirmTwoFactor(user.userId, { password: PASSWORD, code: await codeAt(secret, -1) }, { type: "user", id: user.userId, address: null });
    return { ...user, secret };
  }

  it("once the password was right, from any address: past the limit even the right code waits", async () => {
    const user = await withTwoFactor();
    for (let i = 0; i < 3; i++) expect(await outcome(checkCredentials(user.email, PASSWORD, newIpv4(), await wrongCode(user.secret)))).toBe("wrong");
    expect(await outcome(checkCredentials(user.email, PASSWORD, `${newNetwork()}::1`, await codeAt(user.secret)))).toBe("wait");
  });

  it("wrong passwords never count against the codes: the owner still signs in with password and code", async () => {
    const user = await withTwoFactor();
    for (let i = 0; i < 10; i++) expect(await outcome(checkCredentials(user.email, `guess-${i}`, newIpv4(), "123456"))).toBe("wrong");
    expect(await outcome(checkCredentials(user.email, PASSWORD, newIpv4(), await codeAt(user.secret)))).toBe("signed in");
  });
});

describe("wrong passwords over every address slow the account down", () => {
  const waits: number[] = [];
  let clock: (ms: number) => Promise<unknown>;
  beforeAll(() => {
    clock = limits.signInClock.wait;
    limits.signInClock.wait = async (ms) => void waits.push(ms);
  });
  afterEach(() => void (waits.length = 0));
  afterAll(() => {
    limits.signInClock.wait = clock as typeof limits.signInClock.wait;
  });

  it("past four times the threshold each attempt waits a little, doubling; the right password still signs in", async () => {
    const user = await person();
    for (let i = 0; i < 12; i++) expect(await outcome(checkCredentials(user.email, `spread-${i}`, newIpv4()))).toBe("wrong");
    expect(waits).toEqual([]);
    expect(await outcome(checkCredentials(user.email, "spread-12", newIpv4()))).toBe("wrong");
    expect(await outcome(checkCredentials(user.email, "spread-13", newIpv4()))).toBe("wrong");
    expect(waits).toEqual([250, 500]);
    expect(await outcome(checkCredentials(user.email, PASSWORD, newIpv4()))).toBe("signed in");
    expect(waits).toEqual([250, 500, 1000]);
    // A success forgets the account's count: the next attempt is not held.
    expect(await outcome(checkCredentials(user.email, PASSWORD, newIpv4()))).toBe("signed in");
    expect(waits).toHaveLength(3);
  });

  it("never waits more than 8 s, however many failures", () => {
    expect(limits.slowDownMs(11, 12)).toBe(0);
    expect(limits.slowDownMs(12, 12)).toBe(250);
    expect(limits.slowDownMs(500, 12)).toBe(8_000);
  });
});
