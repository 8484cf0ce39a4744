// The address guard over real HTTP, on a server of its own without the suite's loopback
// allowance and with a DNS stub as its resolver: every notation of loopback is refused at create,
// and a name that resolved to a public address at create but to 127.0.0.1 at delivery (DNS
// rebinding) is refused when the connection is made, logged as refused, and nothing arrives.
import { expect, test } from "@playwright/test";
import { startDnsStub, type DnsStub } from "../fixtures/dns-stub";
import { api, ownAccount, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";
import { startReceiver, type Receiver } from "../fixtures/receiver";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;
// One server for the file: its tests run in one worker, in order (the port is the file's own).
test.describe.configure({ mode: "default" });

let dns: DnsStub;
let rx: Receiver;
let server: OwnServer;
let key: string;
let drop: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dns = await startDnsStub();
  rx = await startReceiver();
  const database = await ownDatabase("ssrf");
  drop = database.drop;
  // http is allowed (so what is refused is the address, not the scheme); loopback is not.
  const env = { ...database.env, WEBHOOK_DNS_SERVERS: `127.0.0.1:${dns.port}`, WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_LOOPBACK: "false", WEBHOOK_POLL_MS: "100", LOG_LEVEL: "info" };
  key = ownAccount(env, "ssrf").key;
  server = ownServer(PORT, env, "ssrf.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
  await dns?.close();
  await rx?.close();
});

test("every notation of a loopback address is refused at create with invalid_body / url", async () => {
  dns.set("localhost.rebind.test", ["127.0.0.1"]);
  dns.set("v6.rebind.test", ["::1"]);
  for (const host of ["127.0.0.1", "0x7f000001", "2130706433", "0177.0.0.1", "127.1", "[::1]", "[::ffff:127.0.0.1]", "[0:0:0:0:0:ffff:7f00:1]", "localhost.rebind.test", "v6.rebind.test"]) {
    const res = await api(server.base, "POST", "/v1/webhooks", key, { url: `http://${host}:${rx.port}/hooks`, events: ["*"] });
    expect(res.status, host).toBe(400);
    expect(res.body.error, host).toMatchObject({ code: "invalid_body", param: "url" });
    // A literal is named as written; a name gets the one refusal that never tells where it points.
    if (host.includes("rebind")) {
      expect(res.body.error.message, host).toBe("`url` has a host name that resolves to an address that is not public; webhooks go only to public addresses.");
    } else {
      expect(res.body.error.message, host).toMatch(/loopback/);
    }
  }
  expect(rx.received).toHaveLength(0);
});

test("ports below 1024 other than 80 and 443 are refused at create, 0 and 22 among them", async () => {
  for (const port of [0, 22, 25, 1023]) {
    const res = await api(server.base, "POST", "/v1/webhooks", key, { url: `http://93.184.216.34:${port}/hooks`, events: ["*"] });
    expect(res.status, String(port)).toBe(400);
    expect(res.body.error, String(port)).toMatchObject({ code: "invalid_body", param: "url", message: `\`url\` uses port ${port}; ports below 1024 are refused, except 80 and 443.` });
  }
});

test("a name rebound to 127.0.0.1 after create is refused at connect time and logged as refused", async () => {
  dns.set("hooks.rebind.test", ["93.184.216.34"]);
  const created = await api(server.base, "POST", "/v1/webhooks", key, { url: `http://hooks.rebind.test:${rx.port}/hooks`, events: ["*"] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  dns.set("hooks.rebind.test", ["127.0.0.1"]);
  const ping = await api(server.base, "POST", `/v1/webhooks/${created.body.webhook.id}/ping`, key);
  expect(ping.status).toBe(202);
  let attempts: any[] = [];
  await expect
    .poll(async () => {
      attempts = (await api(server.base, "GET", `/v1/webhooks/${created.body.webhook.id}/deliveries`, key)).body.deliveries[0].attempts;
      return attempts.length;
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(attempts[0]).toMatchObject({ outcome: "refused", status_code: null });
  expect(attempts[0].error).toBe("refused: hooks.rebind.test resolves to an address that is not public; webhooks go only to public addresses");
  expect(rx.received).toHaveLength(0);
});
