// A key whose credit limit resets daily, over real HTTP on a server of its own: refused with 402
// key_credit_limit_reached at its limit, then served again after the reset, the clock moved a day
// ahead by restarting the server with the tests-only TEST_CLOCK_OFFSET_SECONDS (not by waiting);
// and the server refuses to start with an offset that ALLOW_TEST_CLOCK does not allow.
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { admin, api, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 86;
const DAY = 86_400;

test.describe.configure({ mode: "serial" });

let server: OwnServer | undefined;
let drop: () => Promise<void>;
let env: Record<string, string>;
let root: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("key-reset");
  drop = database.drop;
  env = { ...database.env, LOG_LEVEL: "warn" };
  const account = admin(env, "create-user", "--email", `key-reset-${Date.now()}@e2e.test`, "--password", "key-reset-password-123", "--name", "reset");
  admin(env, "grant-credits", "--workspace", account.workspace_id, "--credits", "100");
  root = admin(env, "create-key", "--project", account.project_id, "--name", "root", "--scope", "read_write").key;
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

async function startAt(offsetSeconds: number) {
  await server?.stop();
  const clock: Record<string, string> = offsetSeconds ? { TEST_CLOCK_OFFSET_SECONDS: String(offsetSeconds), ALLOW_TEST_CLOCK: "true" } : {};
  server = ownServer(PORT, { ...env, ...clock }, `key-reset-${offsetSeconds}.log`);
  await server.start();
}

const call = (method: string, path: string, key: string, body?: unknown) => api(server!.base, method, path, key, body);
const generate = (key: string) =>
  call("POST", "/api/public/v1/ai/completions", key, { product: "scholar", prompt: "[[words 40]] Describe a quiet walk by the river.", max_output_tokens: 64 });
const nextMidnight = (offsetSeconds: number) => {
  const day = new Date(Date.now() + offsetSeconds * 1000);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1)).toISOString().replace(".000Z", "Z");
};

test("a daily limit: refused at its limit, served again once the clock has passed the next 00:00 UTC", async () => {
  test.setTimeout(240_000);
  await startAt(0);
  const made = await call("POST", "/v1/api_keys", root, { name: "daily", scope: "read_write", credit_limit: 0.001, limit_reset: "daily" });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.api_key).toMatchObject({ credit_limit: 0.001, limit_reset: "daily", monthly_credit_limit: 0.001, credits_used: 0 });
  const key = made.body.key as string;
  const id = made.body.api_key.id as string;
  const today = nextMidnight(0);
  // The test could straddle a real midnight: then the reset below is the real one, still a pass.
  expect([today, nextMidnight(60)]).toContain(made.body.api_key.limit_resets_at);

  let refusal: Awaited<ReturnType<typeof generate>> | undefined;
  let served = 0;
  for (let i = 0; i < 60 && !refusal; i++) {
    const res = await generate(key);
    if (res.status === 200) served++;
    else refusal = res;
  }
  expect(served).toBeGreaterThan(0);
  expect(refusal?.status).toBe(402);
  expect(refusal!.body.error).toMatchObject({ type: "billing_error", code: "key_credit_limit_reached", limit: 0.001 });
  expect(refusal!.body.error.message).toContain("credits a day");
  const used = (await call("GET", `/v1/api_keys/${id}`, root)).body.api_key.credits_used;
  expect(used).toBeGreaterThan(0);

  // A day later by the server's clock: a new period, nothing used yet, served again.
  await startAt(DAY);
  const view = (await call("GET", `/v1/api_keys/${id}`, root)).body.api_key;
  expect(view).toMatchObject({ limit_reset: "daily", credits_used: 0, credits_used_this_month: 0 });
  expect(view.limit_resets_at).toBe(nextMidnight(DAY));
  const again = await generate(key);
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect((await call("GET", `/v1/api_keys/${id}`, root)).body.api_key.credits_used).toBe(again.body.usage.credits);
});

test("limit_reset over the API: monthly by default, weekly by PATCH; monthly_credit_limit still means a monthly limit; bad values are 400s", async () => {
  const plain = await call("POST", "/v1/api_keys", root, { name: "plain", scope: "read", monthly_credit_limit: 3 });
  expect(plain.body.api_key).toMatchObject({ credit_limit: 3, limit_reset: "monthly", monthly_credit_limit: 3 });
  const weekly = await call("PATCH", `/v1/api_keys/${plain.body.api_key.id}`, root, { limit_reset: "weekly" });
  expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
  expect(weekly.body.api_key).toMatchObject({ credit_limit: 3, limit_reset: "weekly" });
  expect(new Date(weekly.body.api_key.limit_resets_at).getUTCDay()).toBe(1); // a Monday
  const bad = await call("PATCH", `/v1/api_keys/${plain.body.api_key.id}`, root, { limit_reset: "hourly" });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: "invalid_body", param: "limit_reset" });
  const both = await call("PATCH", `/v1/api_keys/${plain.body.api_key.id}`, root, { credit_limit: 1, monthly_credit_limit: 1 });
  expect(both.body.error).toMatchObject({ code: "invalid_body", param: "monthly_credit_limit" });
  const mixed = await call("POST", "/v1/api_keys", root, { name: "mixed", scope: "read", monthly_credit_limit: 1, limit_reset: "daily" });
  expect(mixed.body.error).toMatchObject({ code: "invalid_body", param: "monthly_credit_limit" });
});

test("an offset without ALLOW_TEST_CLOCK: the server refuses to start, naming the setting", async () => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only.mjs", "-e", "import('./server/env.ts')"], {
    env: { ...process.env, ...env, TEST_CLOCK_OFFSET_SECONDS: "60" },
    encoding: "utf8",
  });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain("TEST_CLOCK_OFFSET_SECONDS: moves the clock for tests only: it needs ALLOW_TEST_CLOCK=true");
});
