// Console sessions over real HTTP: a session cookie stops working at its sign-out, when it is
// ended from the session list, at "sign out everywhere" and a new password, and lasts about 12
// hours, not 30 days.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { loopbackAddress, send, sessionOf, signIn, signOut, trpcMutation, trpcQuery } from "../fixtures/console-session";

async function account(label: string) {
  const person = { name: `Sessions ${label}`, email: `${label}-${randomBytes(4).toString("hex")}@sessions.e2e.test`, password: "a-long-enough-password" };
  const created = await call("POST", "/api/trpc/account.signUp", { body: { json: person } });
  expect(created.status, created.text).toBe(200);
  return person;
}

const HOUR = 60 * 60 * 1000;

test("a session cookie captured before sign-out no longer opens the console after it", async () => {
  const person = await account("signout");
  const cookie = await sessionOf(person.email, person.password);
  expect(await trpcQuery(cookie, "workspace.current")).toMatchObject({ status: 200, data: { name: `${person.name}'s workspace` } });
  await signOut(cookie);
  expect(await trpcQuery(cookie, "workspace.current")).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  // Signing in again works.
  const again = await sessionOf(person.email, person.password);
  expect((await trpcQuery(again, "workspace.current")).status).toBe(200);
});

test("an old session's sign-out does not end a newer session", async () => {
  const person = await account("stale");
  const old = await sessionOf(person.email, person.password);
  await signOut(old);
  const current = await sessionOf(person.email, person.password);
  await signOut(old);
  expect((await trpcQuery(current, "workspace.current")).status).toBe(200);
});

test("signing out everywhere ends every session of the user", async () => {
  const person = await account("everywhere");
  const here = await sessionOf(person.email, person.password);
  const there = await sessionOf(person.email, person.password, loopbackAddress());
  const other = await account("bystander");
  const bystander = await sessionOf(other.email, other.password);
  for (const cookie of [here, there]) expect((await trpcQuery(cookie, "workspace.current")).status).toBe(200);

  expect((await trpcMutation(here, "account.signOutEverywhere")).status).toBe(200);
  for (const cookie of [here, there]) expect(await trpcQuery(cookie, "workspace.current")).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  // Nobody else's session is touched; signing in again works.
  expect((await trpcQuery(bystander, "workspace.current")).status).toBe(200);
  expect((await trpcQuery(await sessionOf(person.email, person.password), "workspace.current")).status).toBe(200);
  // Without a session there is nothing to end.
  expect((await send("POST", "/api/trpc/account.signOutEverywhere", { json: {} })).status).toBe(401);
});

test("a session cookie lasts about 12 hours, and /api/auth/session says so", async () => {
  const person = await account("expiry");
  const before = Date.now();
  const result = await signIn(person.email, person.password);
  if (!result.ok) throw new Error(result.error);
  const expires = Date.parse(/;\s*Expires=([^;]+)/i.exec(result.setCookie)?.[1] ?? "");
  expect(expires - before).toBeGreaterThan(11 * HOUR);
  expect(expires - before).toBeLessThan(13 * HOUR);
  // Reading the session (as the console does while used) slides it: a fresh cookie, 12 h again.
  const session = await send("GET", "/api/auth/session", { cookies: [result.cookie] });
  const body = JSON.parse(session.text);
  expect(Date.parse(body.expires) - before).toBeGreaterThan(11 * HOUR);
  expect(Date.parse(body.expires) - before).toBeLessThan(13 * HOUR);
  expect(session.cookies.some((c) => c.startsWith("next-auth.session-token=") && /Expires=/i.test(c))).toBe(true);
});

test("sessions are listed with this one marked; ending another ends only that one", async () => {
  const person = await account("list");
  const thereFrom = loopbackAddress();
  const here = await sessionOf(person.email, person.password, loopbackAddress());
  const there = await sessionOf(person.email, person.password, thereFrom);
  const listed = await trpcQuery(here, "account.sessions");
  expect(listed.status).toBe(200);
  expect(listed.data.sessions).toHaveLength(2);
  const other = listed.data.sessions.find((s: { current: boolean }) => !s.current);
  expect(other).toMatchObject({ address: thereFrom, browser: "Unknown browser" });
  expect(listed.data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

  expect((await trpcMutation(here, "account.endSession", { sessionId: other.id })).status).toBe(200);
  expect(await trpcQuery(there, "workspace.current")).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  expect((await trpcQuery(here, "workspace.current")).status).toBe(200);
  expect((await trpcQuery(here, "account.sessions")).data.sessions).toHaveLength(1);
  // Gone already, or someone else's: not found either way.
  expect(await trpcMutation(here, "account.endSession", { sessionId: other.id })).toMatchObject({ status: 404, code: "NOT_FOUND" });
});

test("signing out ends this browser's session only", async () => {
  const person = await account("one");
  const here = await sessionOf(person.email, person.password);
  const there = await sessionOf(person.email, person.password, loopbackAddress());
  await signOut(here);
  expect((await trpcQuery(here, "workspace.current")).status).toBe(401);
  expect((await trpcQuery(there, "workspace.current")).status).toBe(200);
});
