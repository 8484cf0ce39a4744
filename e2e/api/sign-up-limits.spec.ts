// Sign-up limits and SIGN_UP=closed on a server of their own (the suite's server allows the
// console specs thousands of sign-ups from 127.0.0.1): the defaults, 5 an hour per client
// address, with loopback trusted as a proxy so that X-Forwarded-For stands for each client.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ownDatabase, ownServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 6;

// Fresh addresses and a fresh overall budget each run: at scale the buckets live in Redis for an hour.
const newAddress = () => `2001:db8:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}`;
const newPerson = (label: string) => ({ name: `Limit ${label}`, email: `${label}-${randomBytes(5).toString("hex")}@limits.e2e.test`, password: "a-long-enough-password" });

async function signUp(base: string, address: string, person: object) {
  const res = await fetch(`${base}/api/trpc/account.signUp`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ json: person }),
  });
  return { status: res.status, body: await res.json() };
}

test("the 6th sign-up from one address within the hour is refused, another address still signs up; SIGN_UP=closed refuses all", async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("sign-up-limits");
  // The suite's own generous budgets are in this process's environment: back to the defaults here.
  const env = { ...database.env, TRUSTED_PROXIES: "loopback", SIGN_UPS_PER_ADDRESS: "5", SIGN_UPS_PER_HOUR: String(100_000 + Math.floor(Math.random() * 1_000_000)), LOG_LEVEL: "warn" };
  const open = ownServer(PORT, env, "sign-up-limits.log");
  const closed = ownServer(PORT, { ...env, SIGN_UP: "closed" }, "sign-up-closed.log");
  try {
    await open.start();
    const address = newAddress();
    for (let i = 0; i < 5; i++) expect((await signUp(open.base, address, newPerson(`same-${i}`))).status).toBe(200);
    const sixth = await signUp(open.base, address, newPerson("same-5"));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.json.data.appCode).toBe("rate_limited");
    expect(sixth.body.error.json.message).toMatch(/^Too many sign-ups from your network\. Try again in \d+ minutes?\.$/);
    expect((await signUp(open.base, newAddress(), newPerson("other"))).status).toBe(200);
    await open.stop();

    await closed.start();
    const refused = await signUp(closed.base, newAddress(), newPerson("closed"));
    expect(refused.status).toBe(403);
    expect(refused.body.error.json.message).toBe("Sign-up is closed on this server. Ask its operator for an account.");
    const page = await (await fetch(`${closed.base}/sign-up`)).text();
    expect(page).toContain("Sign-up is closed on this server.");
    expect(page).not.toContain('data-testid="sign-up-form"');
  } finally {
    await open.stop();
    await closed.stop();
    await database.drop();
  }
});
