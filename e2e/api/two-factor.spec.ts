// Two-factor sign-in over real HTTP, with codes made by otplib as an authenticator app makes them:
// once it is on, a password alone (next-auth's credentials callback without a code) makes no
// session; a right code does, once; a recovery code does, once; wrong codes count as failed
// sign-ins in the same limits as wrong passwords.
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { loopbackAddress, signIn, signInWith, trpcMutation, trpcQuery } from "../fixtures/console-session";
import { newMember } from "../fixtures/new-member";

// The e2e server's setting (e2e/global-setup.ts): failures in a row before the first wait.
const ATTEMPTS = Number(process.env.SIGN_IN_ATTEMPTS ?? 5);
/** The code `steps` time steps (30 s) from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function memberWithTwoFactor(label: string) {
  const member = await newMember(label, { verified: false });
  const started = await trpcMutation(member.cookie, "twoFactor.start");
  expect(started.status).toBe(200);
  const secret = started.data.secret as string;
  // The code of the step before: the current one stays unused for the sign-ins below.
  const confirmed = await trpcMutation(member.cookie, "twoFactor.confirm", { password: member.password, code: await codeAt(secret, -1) });
  expect(confirmed.status, confirmed.message).toBe(200);
  return { ...member, secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

test("once on, the password alone signs in no more; a code does, once; a recovery code does, once", async () => {
  const member = await memberWithTwoFactor("totp-signin");
  expect(member.recoveryCodes).toHaveLength(10);
  const from = loopbackAddress();
  const { email, password } = member;

  expect(await signIn(email, password, from)).toEqual({ ok: false, error: "two_factor_required" });
  expect(await signInWith({ email, password: "a-wrong-password", code: await codeAt(member.secret) }, from)).toEqual({ ok: false, error: "CredentialsSignin" });

  const code = await codeAt(member.secret);
  const signedIn = await signInWith({ email, password, code }, from);
  expect(signedIn.ok).toBe(true);
  if (signedIn.ok) expect((await trpcQuery(signedIn.cookie, "workspace.current")).status).toBe(200);
  // The same code again, within its window: a replay.
  expect(await signInWith({ email, password, code }, from)).toEqual({ ok: false, error: "CredentialsSignin" });

  const recovery = member.recoveryCodes[3];
  expect((await signInWith({ email, password, code: recovery }, from)).ok).toBe(true);
  expect(await signInWith({ email, password, code: recovery }, from)).toEqual({ ok: false, error: "CredentialsSignin" });
  expect((await trpcQuery(member.cookie, "twoFactor.status")).data).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
});

test("wrong codes count as failed sign-ins, up to the same wait as wrong passwords; asking for the code does not", async () => {
  const member = await memberWithTwoFactor("totp-limits");
  const from = loopbackAddress();
  const { email, password } = member;
  // Right passwords answered with "give the code" are not failures...
  for (let i = 0; i < ATTEMPTS + 2; i++) expect(await signIn(email, password, from)).toEqual({ ok: false, error: "two_factor_required" });
  // ...wrong codes are: the wait begins after the configured number of them.
  const current = await codeAt(member.secret);
  let failures = 0;
  for (; failures <= 30; failures++) {
    const result = await signInWith({ email, password, code: current === "000000" ? "000001" : "000000" }, from);
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.startsWith("rate_limited")) break;
    expect(result).toEqual({ ok: false, error: "CredentialsSignin" });
  }
  expect(failures).toBe(ATTEMPTS);
  // The wait holds even for the right code from there.
  expect(await signInWith({ email, password, code: current }, from)).toMatchObject({ ok: false, error: expect.stringMatching(/^rate_limited:/) });
});
