// Webhook URLs for local development over real HTTP: on a server of its own with neither operator
// setting on (and a DNS stub as its resolver), the refusal of http:// and of a loopback literal names
// the settings that allow them and says to use 127.0.0.1; a name that does not resolve yet is
// accepted at create and update and guarded when delivered; a name resolving inside is still refused.
// On the suite's server (both settings on), localhost is refused saying to use 127.0.0.1.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { startDnsStub, type DnsStub } from "../fixtures/dns-stub";
import { api, ownAccount, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";
import { state } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 9;
// One server for the file: its tests run in one worker, in order (the port is the file's own).
test.describe.configure({ mode: "default" });

const NOT_PUBLIC = "`url` has a host name that resolves to an address that is not public; webhooks go only to public addresses.";

let dns: DnsStub;
let server: OwnServer;
let key: string;
let drop: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dns = await startDnsStub();
  const database = await ownDatabase("local-hooks");
  drop = database.drop;
  const env = { ...database.env, WEBHOOK_DNS_SERVERS: `127.0.0.1:${dns.port}`, WEBHOOK_ALLOW_HTTP: "false", WEBHOOK_ALLOW_LOOPBACK: "false", WEBHOOK_POLL_MS: "100" };
  key = ownAccount(env, "local-hooks").key;
  server = ownServer(PORT, env, "local-hooks.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
  await dns?.close();
});

const create = (url: string) => api(server.base, "POST", "/v1/webhooks", key, { url, events: ["*"] });

test("http:// to this machine is refused naming both settings and 127.0.0.1", async () => {
  const res = await create("http://127.0.0.1:3999/hook");
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "invalid_body", param: "url" });
  expect(res.body.error.message).toBe(
    "`url` must be an https:// URL; http is not accepted. For local development the operator can set WEBHOOK_ALLOW_HTTP=true and WEBHOOK_ALLOW_LOOPBACK=true; then use 127.0.0.1, not localhost (http://127.0.0.1:3999/hook).",
  );
});

test("a loopback literal over https is refused naming the settings and 127.0.0.1; localhost too", async () => {
  for (const url of ["https://127.0.0.1:3999/hook", "https://localhost:3999/hook"]) {
    const res = await create(url);
    expect(res.status, url).toBe(400);
    expect(res.body.error, url).toMatchObject({ code: "invalid_body", param: "url" });
    expect(res.body.error.message, url).toContain("WEBHOOK_ALLOW_HTTP=true and WEBHOOK_ALLOW_LOOPBACK=true; then use 127.0.0.1, not localhost (https://127.0.0.1:3999/hook).");
  }
});

test("a name that does not resolve yet is accepted at create and update; one resolving inside is refused at both", async () => {
  const created = await create("https://hooks.not-yet.test/in");
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.webhook.id;
  const updated = await api(server.base, "PATCH", `/v1/webhooks/${id}`, key, { url: "https://other.not-yet.test/in" });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  expect(updated.body.webhook.url).toBe("https://other.not-yet.test/in");

  dns.set("inside.local-hooks.test", ["10.0.0.5"]);
  const refused = await create("https://inside.local-hooks.test/in");
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: "invalid_body", param: "url", message: NOT_PUBLIC });
  const refusedUpdate = await api(server.base, "PATCH", `/v1/webhooks/${id}`, key, { url: "https://inside.local-hooks.test/in" });
  expect(refusedUpdate.status).toBe(400);
  expect(refusedUpdate.body.error).toMatchObject({ code: "invalid_body", param: "url", message: NOT_PUBLIC });
});

test("a name accepted before it resolved is guarded when delivered: resolving inside, it is refused at connect time", async () => {
  const created = await create("https://later.not-yet.test/in");
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  dns.set("later.not-yet.test", ["127.0.0.1"]);
  const id = created.body.webhook.id;
  expect((await api(server.base, "POST", `/v1/webhooks/${id}/ping`, key)).status).toBe(202);
  let attempts: { outcome: string; error: string }[] = [];
  await expect
    .poll(async () => {
      attempts = (await api(server.base, "GET", `/v1/webhooks/${id}/deliveries`, key)).body.deliveries[0].attempts;
      return attempts.length;
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(attempts[0]).toMatchObject({ outcome: "refused", error: "refused: later.not-yet.test resolves to an address that is not public; webhooks go only to public addresses" });
});

test("on the suite's server (both settings on) localhost is refused saying to use 127.0.0.1", async () => {
  const res = await call("POST", "/v1/webhooks", { key: state().a.readWriteKey, body: { url: "http://localhost:3999/hook", events: ["*"] } });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: "invalid_body", param: "url" });
  expect(res.body.error.message).toContain("use 127.0.0.1, not localhost (http://127.0.0.1:3999/hook).");
  expect(res.body.error.message).not.toContain("WEBHOOK_ALLOW");
});
