// Sign-in limits through the accounts service with explicit client addresses, on the real
// database: waits per (email, address) and per address, reset by a success, and never a user
// kept out from another address.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { AppError } from "../errors";
import { newId } from "../ids";
import { migrate } from "../migrations";
import { checkCredentials, signUp } from "./service";
import { waitSeconds } from "./sign-in-limits";

const PASSWORD = "a-long-enough-password";
const settings = { ...env };

beforeAll(async () => {
  await migrate();
  // Waits far longer than a test's attempts take, so "refused" never depends on timing.
  Object.assign(env, { SIGN_IN_ATTEMPTS: 3, SIGN_IN_FIRST_WAIT_SECONDS: 60 });
});
afterAll(() => Object.assign(env, settings));

// Documentation addresses of this run's own (Redis, when set, keeps counts between runs).
const run = randomBytes(4).toString("hex");
let addresses = 0;
// Each a /64 of its own: an IPv6 client counts by its /64.
const newAddress = () => `2001:db8:${run.slice(0, 4)}:${(++addresses).toString(16)}::${run.slice(4)}`;

async function person() {
  const input = { email: `limits-${newId("req").slice(-10).toLowerCase()}@limits.test`, password: PASSWORD, name: "Limits" };
  await signUp(input);
  return input;
}

/** The wait (seconds) the service refuses with, or null when it checks the password. */
async function refusedFor(email: string, password: string, address: string): Promise<number | null> {
  try {
    await checkCredentials(email, password, address);
    return null;
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") return error.extra.retry_after ?? -1;
    throw error;
  }
}

describe("the wait schedule", () => {
  it("is none below the threshold, then the first wait doubling per failure, at most 15 minutes", () => {
    expect([2, 3, 4, 5, 6].map((n) => waitSeconds(n, 3))).toEqual([0, 60, 120, 240, 480]);
    expect(waitSeconds(7, 3)).toBe(900);
    expect(waitSeconds(500, 3)).toBe(900);
  });
});

describe("checkCredentials", () => {
  it("makes one email from one address wait after the threshold, right password included", async () => {
    const user = await person();
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) expect(await checkCredentials(user.email, `wrong-${i}`, attacker)).toBeNull();
    const wait = await refusedFor(user.email, "wrong-again", attacker);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await refusedFor(user.email, PASSWORD, attacker)).toBeGreaterThan(50);
  });

  it("never keeps a user out from another address, however many failures elsewhere", async () => {
    const victim = await person();
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) await checkCredentials(victim.email, `wrong-${i}`, attacker);
    expect(await refusedFor(victim.email, "wrong", attacker)).not.toBeNull();
    expect(await checkCredentials(victim.email, PASSWORD, newAddress())).toMatchObject({ email: victim.email });
  });

  it("starts the count again after a success", async () => {
    const user = await person();
    const home = newAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect(await checkCredentials(user.email, `wrong-${i}`, home)).toBeNull();
      expect(await checkCredentials(user.email, PASSWORD, home)).toMatchObject({ email: user.email });
    }
    for (let i = 0; i < 3; i++) expect(await checkCredentials(user.email, `wrong-${i}`, home)).toBeNull();
    expect(await refusedFor(user.email, PASSWORD, home)).not.toBeNull();
  });

  it("makes an address wait after ten times the threshold over many emails; successes do not wipe its count", async () => {
    const spray = newAddress();
    const own = await person();
    for (let i = 0; i < 30; i++) {
      expect(await checkCredentials(`nobody-${i}-${newId("req").slice(-6)}@limits.test`, "guess", spray)).toBeNull();
      if (i % 5 === 0) expect(await checkCredentials(own.email, PASSWORD, spray)).toMatchObject({ email: own.email });
    }
    expect(await refusedFor(`someone-else@limits.test`, "guess", spray)).not.toBeNull();
    expect(await refusedFor(own.email, PASSWORD, spray)).not.toBeNull();
    expect(await checkCredentials(own.email, PASSWORD, newAddress())).toMatchObject({ email: own.email });
  });
});
