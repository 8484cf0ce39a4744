// Keys that mint keys, over real HTTP on a server of its own (small limits, projects no other spec
// touches): revoking a key revokes every key it made, and theirs; a project holds at most
// API_KEYS_PER_PROJECT live keys; all keys of a project together share one project bucket.
import { expect, test } from "@playwright/test";
import { api, ownAccount, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;
// The starter tier's api bucket (server/billing/tiers.ts); with a multiple of 1 it is the project's too.
const STARTER_API_LIMIT = 1000;
const KEY_CAP = 50;

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let drop: () => Promise<void>;
const roots: Record<"chain" | "cap" | "bucket", string> = { chain: "", cap: "", bucket: "" };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("keys-chain");
  drop = database.drop;
  const env = { ...database.env, API_KEYS_PER_PROJECT: String(KEY_CAP), PROJECT_RATE_LIMIT_MULTIPLE: "1", LOG_LEVEL: "warn" };
  // A workspace (and project) per test, each with a root key made by the admin CLI (no parent).
  for (const label of Object.keys(roots) as (keyof typeof roots)[]) roots[label] = ownAccount(env, `keys-${label}`).key;
  server = ownServer(PORT, env, "keys-chain.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const list = (key: string) => api(server.base, "GET", "/v1/api_keys?limit=100", key);

async function mint(parent: string, name: string, scope: "read" | "read_write" = "read_write") {
  const res = await api(server.base, "POST", "/v1/api_keys", parent, { name, scope });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.api_key.id as string, key: res.body.key as string };
}

test("revoking a key revokes its children and grandchildren on their next request; siblings and parents stay", async () => {
  const root = roots.chain;
  const child = await mint(root, "child");
  const grandchild = await mint(child.key, "grandchild");
  const greatGrandchild = await mint(grandchild.key, "great-grandchild", "read");
  const sibling = await mint(root, "sibling");
  const nephew = await mint(sibling.key, "nephew", "read");
  for (const { key } of [child, grandchild, greatGrandchild, sibling, nephew]) expect((await list(key)).status).toBe(200);

  expect((await api(server.base, "DELETE", `/v1/api_keys/${child.id}`, root)).status).toBe(204);
  for (const { key } of [child, grandchild, greatGrandchild]) {
    const refused = await list(key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_api_key");
  }
  // A revoked descendant cannot mint a way back in.
  expect((await api(server.base, "POST", "/v1/api_keys", grandchild.key, { name: "escape", scope: "read" })).status).toBe(401);
  // The other root's line is untouched.
  for (const key of [root, sibling.key, nephew.key]) expect((await list(key)).status).toBe(200);
  const live = (await list(root)).body.api_keys.map((k: { id: string }) => k.id);
  expect(live).toEqual(expect.arrayContaining([sibling.id, nephew.id]));
  expect(live).not.toEqual(expect.arrayContaining([child.id]));
  expect(live.some((id: string) => [child.id, grandchild.id, greatGrandchild.id].includes(id))).toBe(false);

  // Revoking a child never climbs up: the parent keeps working.
  expect((await api(server.base, "DELETE", `/v1/api_keys/${nephew.id}`, sibling.key)).status).toBe(204);
  expect((await list(sibling.key)).status).toBe(200);
  expect((await list(nephew.key)).status).toBe(401);

  // Each revoked key has its own audit event, by the key that revoked the first.
  const events = (await api(server.base, "GET", "/v1/audit_events?limit=100", root)).body.audit_events as { action: string; target: { id: string }; actor: { id: string } }[];
  const rootId = events.find((e) => e.action === "api_key.create" && e.target.id === child.id)?.actor.id;
  expect(rootId).toMatch(/^key_/);
  for (const id of [child.id, grandchild.id, greatGrandchild.id]) {
    expect(events.filter((e) => e.action === "api_key.revoke" && e.target.id === id).map((e) => e.actor.id)).toEqual([rootId]);
  }
  // Revoking it again: nothing left to revoke.
  expect((await api(server.base, "DELETE", `/v1/api_keys/${child.id}`, root)).status).toBe(404);
});

test(`a project holds at most ${KEY_CAP} live keys: one more is 409 conflict until one is revoked`, async () => {
  const root = roots.cap;
  const made: { id: string; key: string }[] = [];
  // The root key is the first live key; minted by one key or by many, the cap is the project's.
  for (let i = 1; i < KEY_CAP; i++) made.push(await mint(i % 2 ? root : made[0].key, `key ${i}`, "read_write"));
  const refused = await api(server.base, "POST", "/v1/api_keys", made[3].key, { name: "one too many", scope: "read" });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatchObject({ type: "invalid_request_error", code: "conflict" });
  expect(refused.body.error.message).toContain(String(KEY_CAP));
  expect(refused.body.error.message).toMatch(/revoke/i);
  expect((await list(root)).body.api_keys).toHaveLength(KEY_CAP);

  expect((await api(server.base, "DELETE", `/v1/api_keys/${made[1].id}`, root)).status).toBe(204);
  await mint(root, "in the freed place", "read");
  expect((await api(server.base, "POST", "/v1/api_keys", root, { name: "over again", scope: "read" })).status).toBe(409);
});

test("all keys of a project together stay within the project's bucket; other projects are not touched", async () => {
  test.setTimeout(120_000);
  const root = roots.bucket;
  const keys = [root, (await mint(root, "bucket 1")).key, (await mint(root, "bucket 2")).key];
  // 3 × 400 requests: each key stays well under its own 1000, together they pass the project's 1000.
  const perKey = 400;
  const answers: Awaited<ReturnType<typeof api>>[] = [];
  for (let sent = 0; sent < perKey; sent += 20) {
    answers.push(...(await Promise.all(keys.flatMap((key) => Array.from({ length: 20 }, () => api(server.base, "GET", "/v1/api_keys?limit=1", key))))));
  }
  const statuses = answers.map((a) => a.status);
  // Two requests of the project's 1000 went to making the two keys.
  expect(statuses.filter((s) => s === 200)).toHaveLength(STARTER_API_LIMIT - 2);
  expect(statuses.filter((s) => s === 429)).toHaveLength(keys.length * perKey - (STARTER_API_LIMIT - 2));

  const limited = answers.find((a) => a.status === 429)!;
  expect(limited.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
  expect(limited.body.error.message).toMatch(/project/i);
  expect(limited.body.error.retry_after).toBeGreaterThanOrEqual(1);
  expect(Number(limited.headers.get("retry-after"))).toBe(limited.body.error.retry_after);
  // The RateLimit fields still describe the key's own bucket, which has room left.
  expect(limited.headers.get("ratelimit-policy")).toBe(`"api";q=${STARTER_API_LIMIT};w=60`);
  const keyRemaining = Number(/"api";r=(\d+);t=(\d+)/.exec(limited.headers.get("ratelimit") ?? "")?.[1]);
  expect(keyRemaining).toBeGreaterThan(0);
  const keyReset = Number(/t=(\d+)/.exec(limited.headers.get("ratelimit") ?? "")?.[1]);
  expect(limited.body.error.retry_after).toBeGreaterThanOrEqual(keyReset);

  // Another project's keys have their own project bucket.
  expect((await list(roots.cap)).status).toBe(200);
});
