// Per-workspace and per-project caps on a server of its own, with small caps so that each is
// reached in a few requests: projects per workspace (and their pages in the console), webhooks,
// domains and records per project, the workspace's rate bucket over all its projects, and
// concurrent streams per key.
import { expect, test } from "@playwright/test";
import { sessionOf, trpcMutation, trpcQuery } from "../fixtures/console-session";
import { admin, api, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 31;

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let drop: () => Promise<void>;
let env: Record<string, string>;
let account: { user_id: string; workspace_id: string; project_id: string };
let root: string;
const email = `caps-${Date.now()}@e2e.test`;
const password = "caps-password-123";

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const database = await ownDatabase("workspace-caps");
  drop = database.drop;
  env = {
    ...database.env,
    LOG_LEVEL: "warn",
    PROJECTS_PER_WORKSPACE: "23",
    WEBHOOKS_PER_PROJECT: "2",
    DOMAINS_PER_PROJECT: "2",
    RECORDS_PER_DOMAIN: "2",
    STREAMS_PER_KEY: "2",
    PROJECT_RATE_LIMIT_MULTIPLE: "1",
    WORKSPACE_RATE_LIMIT_MULTIPLE: "1",
  };
  // An operator too: the last test lowers the tier's limits from the console while the server runs.
  account = admin(env, "create-user", "--email", email, "--password", password, "--name", "caps", "--operator");
  admin(env, "grant-credits", "--workspace", account.workspace_id, "--credits", "100");
  root = admin(env, "create-key", "--project", account.project_id, "--name", "root", "--scope", "read_write").key;
  server = ownServer(PORT, env, "workspace-caps.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const call = (method: string, path: string, key: string, body?: unknown) => api(server.base, method, path, key, body);

test("a workspace holds at most PROJECTS_PER_WORKSPACE projects (409 naming the limit); the console pages them", async () => {
  const cookie = await sessionOf(email, password, undefined, server.base);
  for (let i = 2; i <= 23; i++) {
    const made = await trpcMutation(cookie, "projects.create", { name: `Project ${i}` }, server.base);
    expect(made.status, JSON.stringify(made)).toBe(200);
  }
  const refused = await trpcMutation(cookie, "projects.create", { name: "One too many" }, server.base);
  expect(refused.status).toBe(409);
  expect(refused.appCode).toBe("conflict");
  expect(refused.message).toContain("23 projects");

  const current = await trpcQuery(cookie, "workspace.current", server.base);
  expect(current.data.projects).toHaveLength(20);
  expect(current.data.projectsCursor).toEqual(expect.any(String));
  const input = encodeURIComponent(JSON.stringify({ json: { limit: 20, cursor: current.data.projectsCursor } }));
  const rest = await trpcQuery(cookie, `projects.list?input=${input}`, server.base);
  expect(rest.data.projects).toHaveLength(3);
  expect(rest.data.next_cursor).toBeNull();
  const all = [...current.data.projects, ...rest.data.projects].map((p: { id: string }) => p.id);
  expect(new Set(all).size).toBe(23);
  expect(all).toContain(account.project_id);
  const one = await trpcQuery(cookie, `projects.get?input=${encodeURIComponent(JSON.stringify({ json: { projectId: all[22] } }))}`, server.base);
  expect(one.data).toMatchObject({ id: all[22] });
});

test("a project holds at most WEBHOOKS_PER_PROJECT webhooks and DOMAINS_PER_PROJECT domains, a domain RECORDS_PER_DOMAIN records", async () => {
  for (let i = 0; i < 2; i++) {
    const made = await call("POST", "/v1/webhooks", root, { url: `http://127.0.0.1:6553${i}/hook`, events: ["instance.*"] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const webhook = await call("POST", "/v1/webhooks", root, { url: "http://127.0.0.1:65532/hook", events: ["instance.*"] });
  expect(webhook.status).toBe(409);
  expect(webhook.body.error).toMatchObject({ code: "conflict", limit: 2 });
  expect(webhook.body.error.message).toContain("2 webhooks");

  for (const name of ["caps-one.example.com", "caps-two.example.com"]) {
    expect((await call("POST", "/v1/domains", root, { name })).status).toBe(201);
  }
  const domain = await call("POST", "/v1/domains", root, { name: "caps-three.example.com" });
  expect(domain.status).toBe(409);
  expect(domain.body.error).toMatchObject({ code: "conflict", limit: 2 });
  expect(domain.body.error.message).toContain("2 domains");

  for (const value of ["203.0.113.1", "203.0.113.2"]) {
    expect((await call("POST", "/v1/domains/caps-one.example.com/records", root, { type: "A", name: "@", value })).status).toBe(201);
  }
  const record = await call("POST", "/v1/domains/caps-one.example.com/records", root, { type: "A", name: "@", value: "203.0.113.3" });
  expect(record.status).toBe(409);
  expect(record.body.error).toMatchObject({ code: "conflict", limit: 2 });
  expect(record.body.error.message).toContain("2 records");
});

test("a key gets at most STREAMS_PER_KEY concurrent streams (429 naming them); an ended or abandoned stream frees its place", async () => {
  const slow = { product: "scholar", prompt: "[[words 30]] [[fault * slow ms=150]] Describe a quiet walk by the river.", max_output_tokens: 64, stream: true };
  const open = async (key: string, signal?: AbortSignal) =>
    fetch(`${server.base}/api/public/v1/ai/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(slow),
      signal,
    });
  const leaving = new AbortController();
  const first = await open(root);
  const second = await open(root, leaving.signal);
  expect([first.status, second.status]).toEqual([200, 200]);
  const third = await open(root);
  expect(third.status).toBe(429);
  const refusal = await third.json();
  expect(refusal.error.code).toBe("rate_limited");
  expect(refusal.error.message).toContain("2 concurrent streams");
  expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);

  // Another key of the project is not held back by this one's streams.
  const cookie = await sessionOf(email, password, undefined, server.base);
  const other = (await trpcMutation(cookie, "apiKeys.create", { projectId: account.project_id, name: "other", scope: "read_write" }, server.base)).data.key;
  const neighbour = await open(other);
  expect(neighbour.status).toBe(200);
  await neighbour.text();

  leaving.abort();
  await first.text();
  await expect.poll(async () => {
    const again = await open(root);
    if (again.status === 200) await again.text();
    return again.status;
  }, { timeout: 15_000 }).toBe(200);
  // The refused stream's generation was prepared beside its place: its hold went back whole.
  await expect.poll(async () => (await (await fetch(`${server.base}/v1/billing`, { headers: { authorization: `Bearer ${root}` } })).json()).reserved, { timeout: 15_000 }).toBe(0);
});

test("a stream its door refuses takes no place: after more refusals than places, the key still streams", async () => {
  const cookie = await sessionOf(email, password, undefined, server.base);
  const key = (await trpcMutation(cookie, "apiKeys.create", { projectId: account.project_id, name: "refused streams", scope: "read_write" }, server.base)).data.key as string;
  const post = (path: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/api/public/v1${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const refusals = [
    () => post("/anthropic/v1/messages", { model: "scholar", stream: true, messages: [{ role: "user", content: "hi" }] }, { "anthropic-version": "2023-06-01" }),
    () => post("/openai/chat/completions", { model: "no-such-product", stream: true, messages: [{ role: "user", content: "hi" }] }),
    () => post("/openai/responses", { model: "scholar", store: true, stream: true, input: "hi" }),
  ];
  for (const refuse of [...refusals, ...refusals]) {
    const refused = await refuse();
    expect(refused.status, await refused.clone().text()).toBe(400);
    await refused.text();
  }
  const streams = await Promise.all([1, 2].map(() => post("/ai/completions", { product: "scholar", prompt: "[[words 3]] Say hello.", stream: true })));
  expect(streams.map((stream) => stream.status)).toEqual([200, 200]);
  await Promise.all(streams.map((stream) => stream.text()));
});

test("all the projects of a workspace together get WORKSPACE_RATE_LIMIT_MULTIPLE times a key's limit", async () => {
  const cookie = await sessionOf(email, password, undefined, server.base);
  const lowered = await trpcMutation(cookie, "operator.setTierLimits", { tier: "starter", generate: 60, api: 5 }, server.base);
  expect(lowered.status, JSON.stringify(lowered)).toBe(200);
  // Two projects (the first test made them when it ran; alone, this one makes the second).
  if ((await trpcQuery(cookie, "workspace.current", server.base)).data.projects.length < 2) await trpcMutation(cookie, "projects.create", { name: "Second" }, server.base);
  const current = await trpcQuery(cookie, "workspace.current", server.base);
  const [p1, p2] = current.data.projects.map((p: { id: string }) => p.id);
  const keyOf = async (projectId: string) => (await trpcMutation(cookie, "apiKeys.create", { projectId, name: "bucket", scope: "read_write" }, server.base)).data.key as string;
  const k1 = await keyOf(p1);
  const k2 = await keyOf(p2);
  const statuses: number[] = [];
  for (const key of [k1, k1, k1, k2, k2]) statuses.push((await call("GET", "/v1/ssh_keys", key)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
  const refused = await call("GET", "/v1/ssh_keys", k2);
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toContain("this workspace");
});
