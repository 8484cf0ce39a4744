// Sign-up limits that one client cannot turn against everyone, on a server of its own (loopback
// trusted as a proxy, so X-Forwarded-For stands for each client): an IPv6 client is limited by
// its /64, not by each of the addresses it holds; past the hourly budget of the whole server
// answers slow down, more and more, instead of refusing every newcomer. And the owner of a taken
// email is told of attempts at most once an hour (on the suite's server, which mails).
import { randomBytes, randomInt } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { mailsTo, waitForMails, VERIFY_SUBJECT } from "../fixtures/mailbox";
import { ownDatabase, ownServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 32;

const hex = () => randomBytes(2).toString("hex");
const newNetwork = () => `2001:db8:${hex()}:${hex()}`;
const newPerson = (label: string) => ({ name: `Net ${label}`, email: `${label}-${randomBytes(5).toString("hex")}@networks.e2e.test`, password: "a-long-enough-password" });

async function signUp(base: string, address: string, person: object) {
  const started = Date.now();
  const res = await fetch(`${base}/api/trpc/account.signUp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ json: person }),
  });
  return { status: res.status, body: await res.json(), ms: Date.now() - started };
}

test("IPv6 sign-ups are limited per /64; past the server's hourly budget answers slow down instead of refusing", async () => {
  test.setTimeout(240_000);
  const database = await ownDatabase("sign-up-networks");
  // A budget of its own each run (at scale the overall bucket lives in Redis for an hour).
  const budget = randomInt(3, 13);
  const env = { ...database.env, TRUSTED_PROXIES: "loopback", SIGN_UPS_PER_ADDRESS: "3", SIGN_UPS_PER_HOUR: String(budget), LOG_LEVEL: "warn" };
  const server = ownServer(PORT, env, "sign-up-networks.log");
  try {
    await server.start();
    const network = newNetwork();
    for (let i = 1; i <= 3; i++) expect((await signUp(server.base, `${network}::${i}`, newPerson(`same-net-${i}`))).status).toBe(200);
    const fourth = await signUp(server.base, `${network}:1:2:3:4`, newPerson("same-net-4"));
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.json.message).toMatch(/^Too many sign-ups from your network\./);

    // Budget - 3 more from fresh networks use the hourly budget up; the ones after are served, later and later.
    const after: number[] = [];
    for (let i = 3; i < budget + 3; i++) {
      const answer = await signUp(server.base, `${newNetwork()}::1`, newPerson(`many-${i}`));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (i >= budget) after.push(answer.ms);
    }
    expect(after).toHaveLength(3);
    expect(after[1]).toBeGreaterThanOrEqual(450);
    expect(after[2]).toBeGreaterThanOrEqual(900);
  } finally {
    await server.stop();
    await database.drop();
  }
});

test("the owner of a taken email gets at most one 'someone tried to sign up' mail an hour", async () => {
  const person = newPerson("taken");
  expect((await call("POST", "/api/trpc/account.signUp", { body: { json: person } })).status).toBe(200);
  await waitForMails(person.email, VERIFY_SUBJECT);
  for (let i = 0; i < 4; i++) expect((await call("POST", "/api/trpc/account.signUp", { body: { json: person } })).status).toBe(200);
  await waitForMails(person.email, /^Someone tried to sign up/);
  await sleep(2_000);
  expect(mailsTo(person.email).filter((mail) => /^Someone tried/.test(mail.subject))).toHaveLength(1);
});
