// Per-key limits over real HTTP on a server of its own (a workspace at the scale tier so that 200
// generations a minute pass the tier's buckets, and a database no other spec touches): a key's own
// generate limit, its monthly credit limit (refused before any upstream call, nothing charged, also
// under 200 concurrent requests), GET/PATCH of one key, and tier limits changed by the admin CLI
// while the server runs (at scale, on a second replica too).
import { expect, test } from "@playwright/test";
import { admin, api, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 15;
const SECOND_PORT = PORT + 1;
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let replica: OwnServer | undefined;
let drop: () => Promise<void>;
let env: Record<string, string>;
let root: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const database = await ownDatabase("key-limits");
  drop = database.drop;
  env = { ...database.env, LOG_LEVEL: "warn" };
  const account = admin(env, "create-user", "--email", `key-limits-${Date.now()}@e2e.test`, "--password", "key-limits-password-123", "--name", "limits");
  admin(env, "set-tier", "--workspace", account.workspace_id, "--tier", "scale");
  admin(env, "grant-credits", "--workspace", account.workspace_id, "--credits", "100");
  root = admin(env, "create-key", "--project", account.project_id, "--name", "root", "--scope", "read_write").key;
  server = ownServer(PORT, env, "key-limits.log");
  await server.start();
  if (shared) {
    replica = ownServer(SECOND_PORT, env, "key-limits-2.log");
    await replica.start();
  }
});

test.afterAll(async () => {
  await replica?.stop();
  await server?.stop();
  await drop?.();
});

const call = (method: string, path: string, key: string, body?: unknown) => api(server.base, method, path, key, body);
const mint = async (body: Record<string, unknown>) => {
  const res = await call("POST", "/v1/api_keys", root, { scope: "read_write", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.api_key.id as string, key: res.body.key as string, view: res.body.api_key };
};
// Scholar with a short answer: a worst case of a few 0.0001 credits, so a 0.001 budget covers a few.
const generation = { product: "scholar", prompt: "[[words 40]] Describe a quiet walk by the river.", max_output_tokens: 64 };
const generate = (key: string) => call("POST", "/api/public/v1/ai/completions", key, generation);
const balance = async () => (await call("GET", "/v1/billing", root)).body as { balance: number; reserved: number };
const micro = (credits: number) => Math.round(credits * 1_000_000);

test("a key with generate: 3 gets its 4th generation in a minute refused with 429; another key of the project is served", async () => {
  const limited = await mint({ name: "three a minute", rate_limits: { generate: 3 } });
  expect(limited.view).toMatchObject({ rate_limits: { generate: 3, api: 10000 }, monthly_credit_limit: null, credits_used_this_month: 0 });
  const other = await mint({ name: "neighbour" });
  for (let i = 1; i <= 3; i++) {
    const res = await generate(limited.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe('"generate";q=3;w=60');
    expect(res.headers.get("ratelimit")).toMatch(new RegExp(`^"generate";r=${3 - i};t=\\d+$`));
  }
  const refused = await generate(limited.key);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toMatchObject({ code: "rate_limited" });
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  const served = await generate(other.key);
  expect(served.status).toBe(200);
  expect(served.headers.get("ratelimit-policy")).toBe('"generate";q=1200;w=60');
});

test("rate limits above the tier's are refused naming the tier's maximum", async () => {
  const res = await call("POST", "/v1/api_keys", root, { name: "greedy", scope: "read", rate_limits: { generate: 1201 } });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "invalid_body", param: "rate_limits.generate" });
  expect(res.body.error.message).toContain("at most 1200 requests per minute on the scale tier");
});

test("GET and PATCH one key: name and limits change, scope is fixed, a key cannot give more than it has", async () => {
  const key = await mint({ name: "before", rate_limits: { api: 50 }, monthly_credit_limit: 2 });
  const got = await call("GET", `/v1/api_keys/${key.id}`, root);
  expect(got.status).toBe(200);
  expect(got.body.api_key).toMatchObject({ id: key.id, name: "before", rate_limits: { generate: 1200, api: 50 }, monthly_credit_limit: 2 });
  const patched = await call("PATCH", `/v1/api_keys/${key.id}`, root, { name: "after", rate_limits: { generate: 7 }, monthly_credit_limit: null });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect(patched.body.api_key).toMatchObject({ name: "after", scope: "read_write", rate_limits: { generate: 7, api: 50 }, monthly_credit_limit: null });
  expect((await call("GET", "/v1/api_keys?limit=1", key.key)).headers.get("ratelimit-policy")).toBe('"api";q=50;w=60');
  expect((await call("PATCH", `/v1/api_keys/${key.id}`, root, { scope: "read" })).body.error).toMatchObject({ code: "invalid_body", param: "scope" });
  // The limited key cannot raise itself, nor make a key without its limits.
  const self = await call("PATCH", `/v1/api_keys/${key.id}`, key.key, { rate_limits: { api: 51 } });
  expect(self.status).toBe(400);
  expect(self.body.error.message).toContain("at most 50 requests per minute, the limit of the key making this request");
  const child = await call("POST", "/v1/api_keys", key.key, { name: "child", scope: "read" });
  expect(child.body.api_key.rate_limits).toEqual({ generate: 7, api: 50 });
  expect((await call("DELETE", `/v1/api_keys/${key.id}`, root)).status).toBe(204);
  expect((await call("GET", `/v1/api_keys/${key.id}`, root)).status).toBe(404);
  const audit = await call("GET", "/v1/audit_events?limit=20", root);
  expect(audit.body.audit_events.filter((e: { action: string; target: { id: string } }) => e.action === "api_key.update" && e.target.id === key.id)).toHaveLength(1);
});

test("a 0.001-credit monthly limit: 402 key_credit_limit_reached once its use reaches it, while the workspace has credits", async () => {
  test.setTimeout(120_000);
  const key = await mint({ name: "budget", monthly_credit_limit: 0.001 });
  const charged: number[] = [];
  let refusal: Awaited<ReturnType<typeof generate>> | undefined;
  for (let i = 0; i < 60 && !refusal; i++) {
    const res = await generate(key.key);
    if (res.status === 200) charged.push(res.body.usage.credits);
    else refusal = res;
  }
  expect(charged.length).toBeGreaterThan(1);
  expect(refusal?.status).toBe(402);
  const error = refusal!.body.error;
  expect(error).toMatchObject({ type: "billing_error", code: "key_credit_limit_reached", limit: 0.001 });
  expect(micro(error.used)).toBe(micro(charged.reduce((a, b) => a + b, 0)));
  expect(micro(error.used + error.required)).toBeGreaterThan(micro(0.001));
  const view = (await call("GET", `/v1/api_keys/${key.id}`, root)).body.api_key;
  expect(micro(view.credits_used_this_month)).toBe(micro(error.used));
  expect((await balance()).balance).toBeGreaterThan(1);
  expect((await generate((await mint({ name: "unlimited" })).key)).status).toBe(200);
});

test("200 concurrent generations on a key whose limit covers a few: its charges stay within it, refusals cost nothing", async () => {
  test.setTimeout(180_000);
  const key = await mint({ name: "stampede", monthly_credit_limit: 0.001 });
  const before = await balance();
  const results = await Promise.all(Array.from({ length: 200 }, () => generate(key.key)));
  const served = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status !== 200);
  expect(served.length).toBeGreaterThan(0);
  expect(refused.length).toBeGreaterThan(0);
  for (const res of refused) expect(res.body.error.code, JSON.stringify(res.body)).toBe("key_credit_limit_reached");
  const spent = served.reduce((sum, r) => sum + micro(r.body.usage.credits), 0);
  const view = (await call("GET", `/v1/api_keys/${key.id}`, root)).body.api_key;
  expect(micro(view.credits_used_this_month)).toBe(spent);
  expect(spent).toBeLessThanOrEqual(micro(0.001));
  const after = await balance();
  expect(after.reserved).toBe(before.reserved);
  expect(micro(before.balance) - micro(after.balance)).toBe(spent);
});

test("a tier's limits changed with the admin CLI apply to the next request of the running servers", async () => {
  test.skip(!shared, "the embedded database is held by the running server; the CLI needs DATABASE_URL (the scale-out run)");
  const keyed = await mint({ name: "above the tier", rate_limits: { api: 500 } });
  const plain = await mint({ name: "tier's own" });
  const policy = async (base: string, key: string) =>
    (await api(base, "GET", "/v1/api_keys?limit=1", key)).headers.get("ratelimit-policy");
  expect(await policy(server.base, keyed.key)).toBe('"api";q=500;w=60');
  try {
    admin(env, "set-tier-limits", "--tier", "scale", "--generate", "1200", "--api", "40");
    for (const base of [server.base, replica!.base]) {
      expect(await policy(base, keyed.key)).toBe('"api";q=40;w=60');
      expect(await policy(base, plain.key)).toBe('"api";q=40;w=60');
    }
    expect((await call("GET", `/v1/api_keys/${keyed.id}`, root)).body.api_key.rate_limits).toEqual({ generate: 1200, api: 40 });
  } finally {
    admin(env, "set-tier-limits", "--tier", "scale", "--generate", "1200", "--api", "10000");
  }
  expect(await policy(replica!.base, keyed.key)).toBe('"api";q=500;w=60');
});
