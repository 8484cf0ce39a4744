// Sign-in limits over real HTTP from several loopback addresses (the server takes the client's
// address from the socket; browsers come from 127.0.0.1): failed sign-ins make one email from one
// address wait, and one address over all emails; nothing is counted per email alone, so nobody
// can keep a user out from elsewhere.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { loopbackAddress, signIn } from "../fixtures/console-session";

// The e2e server's setting (e2e/global-setup.ts): failures in a row before the first wait.
const ATTEMPTS = Number(process.env.SIGN_IN_ATTEMPTS ?? 5);

async function account(label: string) {
  const person = { name: `Limits ${label}`, email: `${label}-${randomBytes(4).toString("hex")}@limits.e2e.test`, password: "a-long-enough-password" };
  const created = await call("POST", "/api/trpc/account.signUp", { body: { json: person } });
  expect(created.status, created.text).toBe(200);
  return person;
}

/** Wrong passwords from `from` until the server says wait; the number of failures it took. */
async function failUntilWait(email: string, from: string, most: number): Promise<{ failures: number; error: string }> {
  for (let failures = 0; failures <= most; failures++) {
    const result = await signIn(email, `wrong-${failures}`, from);
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.startsWith("rate_limited")) return { failures, error: result.error };
    expect(result).toEqual({ ok: false, error: "CredentialsSignin" });
  }
  throw new Error(`no wait after ${most + 1} failures`);
}

test("failures for a user from one address never stop that user signing in from another", async () => {
  const victim = await account("victim");
  const [attacker, elsewhere] = [loopbackAddress(), loopbackAddress()];
  const refused = await failUntilWait(victim.email, attacker, 30);
  expect(refused.error).toMatch(/^rate_limited:\d+$/);
  // The wait holds for that email from that address, even with the right password...
  expect(await signIn(victim.email, victim.password, attacker)).toMatchObject({ ok: false, error: expect.stringMatching(/^rate_limited:/) });
  // ...and not for the same user anywhere else.
  expect(await signIn(victim.email, victim.password, elsewhere)).toMatchObject({ ok: true });
  expect(await signIn(victim.email, victim.password, "127.0.0.1")).toMatchObject({ ok: true });
  // The wait began after the configured number of failures in a row.
  expect(refused.failures).toBe(ATTEMPTS);
});

test("a successful sign-in starts the count of failures again", async () => {
  const person = await account("reset");
  const home = loopbackAddress();
  // Three rounds of one failure short of the wait, each ended by a success: never refused.
  for (let round = 0; round < 3; round++) {
    for (let failure = 0; failure < ATTEMPTS - 1; failure++) {
      expect(await signIn(person.email, `wrong-${round}-${failure}`, home)).toEqual({ ok: false, error: "CredentialsSignin" });
    }
    expect(await signIn(person.email, person.password, home)).toMatchObject({ ok: true });
  }
  // Without a success in between, the failures add up to the wait.
  const refused = await failUntilWait(person.email, home, 30);
  expect(refused.failures).toBe(ATTEMPTS);
});

test("one address failing over many emails waits too, and only that address", async () => {
  const person = await account("spray");
  const [spray, elsewhere] = [loopbackAddress(), loopbackAddress()];
  let refusedAfter = -1;
  for (let i = 0; i <= ATTEMPTS * 10 + 1; i++) {
    const result = await signIn(`nobody-${i}-${randomBytes(3).toString("hex")}@limits.e2e.test`, "a-guessed-password", spray);
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.startsWith("rate_limited")) {
      refusedAfter = i;
      break;
    }
  }
  expect(refusedAfter).toBe(ATTEMPTS * 10);
  // Every email from that address waits now; the same user elsewhere does not.
  expect(await signIn(person.email, person.password, spray)).toMatchObject({ ok: false, error: expect.stringMatching(/^rate_limited:/) });
  expect(await signIn(person.email, person.password, elsewhere)).toMatchObject({ ok: true });
});
