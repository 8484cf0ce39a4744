// Passwords over real HTTP: reset by mailed link (the same answer whether or not the address has
// an account, a link that works once and not once expired, the limits on asking) and the console's
// password change (the other session ends, this one stays).
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { loopbackAddress, send, sessionOf, signIn, trpcMutation, trpcQuery } from "../fixtures/console-session";
import { mailsTo, RESET_SUBJECT, resetLink, waitForMails } from "../fixtures/mailbox";
import { ownDatabase, ownServer } from "../fixtures/own-server";

const PASSWORD = "a-long-enough-password";
const NEW_PASSWORD = "quiet-harbour-lantern-47";
const PORT = Number(process.env.E2E_PORT ?? 3210) + 74;

async function account(label: string, base?: string) {
  const person = { name: `Passwords ${label}`, email: `${label}-${randomBytes(4).toString("hex")}@passwords.e2e.test`, password: PASSWORD };
  const created = await send("POST", "/api/trpc/account.signUp", { json: { json: person }, base });
  expect(created.status, created.text).toBe(200);
  return person;
}

const askReset = (email: string, options: { from?: string; base?: string } = {}) =>
  send("POST", "/api/trpc/account.requestPasswordReset", { json: { json: { email } }, ...options });
const reset = (token: string, password: string, base?: string) => send("POST", "/api/trpc/account.resetPassword", { json: { json: { token, password } }, base });
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const errorOf = (answer: { text: string }) => JSON.parse(answer.text).error.json;

test("asking for a reset answers the same with an account and without; only the account gets a link", async () => {
  const person = await account("ask");
  const unknown = `nobody-${randomBytes(4).toString("hex")}@passwords.e2e.test`;
  const known = await askReset(person.email, { from: loopbackAddress() });
  const notKnown = await askReset(unknown, { from: loopbackAddress() });
  expect(known.status).toBe(200);
  expect(notKnown.status).toBe(known.status);
  expect(notKnown.text).toBe(known.text);
  expect(JSON.parse(known.text).result.data.json.message).toBe("If an account exists for that address, we sent a link to reset its password. Check your mail.");
  await resetLink(person.email);
  // The answer waited for nothing the unknown address would not wait for: the known one's mail comes after.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsTo(unknown)).toEqual([]);
});

test("a reset link sets a new password once and ends every session; a second use is refused", async () => {
  const person = await account("once");
  const session = await sessionOf(person.email, person.password, loopbackAddress());
  await askReset(person.email, { from: loopbackAddress() });
  const link = await resetLink(person.email);
  const page = await send("GET", new URL(link).pathname + new URL(link).search);
  expect(page.text).toContain('data-outcome="valid"');

  const weak = await reset(tokenOf(link), "password1234");
  expect(weak.status).toBe(400);
  expect(errorOf(weak).data).toMatchObject({ appCode: "invalid_body", param: "password" });

  const done = await reset(tokenOf(link), NEW_PASSWORD);
  expect(done.status, done.text).toBe(200);
  expect(await trpcQuery(session, "workspace.current")).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  expect((await signIn(person.email, PASSWORD, loopbackAddress())).ok).toBe(false);
  expect((await trpcQuery(await sessionOf(person.email, NEW_PASSWORD, loopbackAddress()), "workspace.current")).status).toBe(200);

  const again = await reset(tokenOf(link), "another-quiet-harbour-99");
  expect(again.status).toBe(400);
  expect(errorOf(again).message).toMatch(/used already/);
  expect((await send("GET", new URL(link).pathname + new URL(link).search)).text).toContain('data-outcome="used"');
  await waitForMails(person.email, /^Your Switchyard password was changed/);
});

test("an address gets three links an hour, then the same answer and no mail; a client is refused past ten asks", async () => {
  const person = await account("limit");
  for (let i = 0; i < 5; i++) expect((await askReset(person.email, { from: loopbackAddress() })).status).toBe(200);
  await waitForMails(person.email, RESET_SUBJECT, 3);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsTo(person.email).filter((mail) => RESET_SUBJECT.test(mail.subject))).toHaveLength(3);

  const from = loopbackAddress();
  for (let i = 0; i < 10; i++) expect((await askReset(`nobody-${i}-${randomBytes(3).toString("hex")}@passwords.e2e.test`, { from })).status).toBe(200);
  const refused = await askReset(person.email, { from });
  expect(refused.status).toBe(429);
  expect(errorOf(refused).message).toMatch(/^Too many password resets were asked for from your address\. Try again in \d+ minutes?\.$/);
});

test("changing the password needs the current one, ends the other session and keeps this one", async () => {
  const person = await account("change");
  const here = await sessionOf(person.email, person.password, loopbackAddress());
  const there = await sessionOf(person.email, person.password, loopbackAddress());
  const wrong = await trpcMutation(here, "account.changePassword", { currentPassword: "not-the-password", newPassword: NEW_PASSWORD });
  expect(wrong).toMatchObject({ status: 400, appCode: "invalid_body", message: "The current password is not right." });
  expect((await trpcQuery(there, "workspace.current")).status).toBe(200);

  const changed = await trpcMutation(here, "account.changePassword", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
  expect(changed).toMatchObject({ status: 200, data: { changed: true } });
  expect((await trpcQuery(here, "workspace.current")).status).toBe(200);
  expect(await trpcQuery(there, "workspace.current")).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  expect((await signIn(person.email, NEW_PASSWORD, loopbackAddress())).ok).toBe(true);
  // Without a session there is no password to change.
  expect((await call("POST", "/api/trpc/account.changePassword", { body: { json: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } } })).status).toBe(401);
});

test.describe("on a server whose links last two seconds", () => {
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let server: ReturnType<typeof ownServer>;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    database = await ownDatabase("password_reset_expiry");
    server = ownServer(PORT, { ...database.env, PASSWORD_RESET_LINK_SECONDS: "2", NEXTAUTH_URL: `http://127.0.0.1:${PORT}` }, "password-reset-expiry.log");
    await server.start();
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  test("an expired link is refused and changes nothing", async () => {
    const person = await account("expiry", server.base);
    await askReset(person.email, { base: server.base });
    const link = await resetLink(person.email);
    expect(link.startsWith(server.base)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const late = await reset(tokenOf(link), NEW_PASSWORD, server.base);
    expect(late.status).toBe(400);
    expect(errorOf(late).message).toMatch(/expired/);
    expect((await send("GET", new URL(link).pathname + new URL(link).search, { base: server.base })).text).toContain('data-outcome="expired"');
    expect((await signIn(person.email, PASSWORD, undefined, server.base)).ok).toBe(true);
  });
});
