// Webhooks over real HTTP against the running server, delivered to a receiver in this process
// that verifies every delivery with the standardwebhooks package: the routes, the secret shown
// once, instance lifecycle events with the API's own payload shapes and in order per instance,
// retries through a receiver outage, rotation, redelivery, 410, and refused URLs.
import { expect, test } from "@playwright/test";
import { backupObject, instanceObject, snapshotObject } from "@/server/cloud/instances/schema";
import { call } from "../fixtures/api";
import { newInstance, waitForStatus } from "../fixtures/cloud";
import { startReceiver, type Receiver } from "../fixtures/receiver";
import { state } from "../fixtures/state";

let rx: Receiver;
test.beforeAll(async () => {
  rx = await startReceiver();
});
test.afterAll(() => rx.close());

const key = () => state().a.readWriteKey;

async function newWebhook(events: string[], url = rx.url) {
  const res = await call("POST", "/v1/webhooks", { key: key(), body: { url, events, description: "e2e" } });
  expect(res.status, res.text).toBe(201);
  return res.body as { webhook: { id: string }; secret: string };
}

const pingsOf = (secret: string, webhookId: string, receiver = rx) => receiver.signedWith(secret).filter((d) => d.json.type === "webhook.ping" && d.json.data.webhook_id === webhookId);

test("create shows the secret once; get, list, update, delete; an idempotent replay carries no secret", async () => {
  const idem = { "idempotency-key": `whk-${Date.now()}` };
  const body = { url: rx.url, events: ["instance.*", "billing.balance_low"] };
  const created = await call("POST", "/v1/webhooks", { key: key(), body, headers: idem });
  expect(created.status).toBe(201);
  expect(created.headers.get("cache-control") ?? "").not.toContain("public");
  expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const { webhook } = created.body;
  expect(webhook).toMatchObject({ id: expect.stringMatching(/^whk_/), url: rx.url, events: body.events, enabled: true, disabled_reason: null, description: "" });
  const replay = await call("POST", "/v1/webhooks", { key: key(), body, headers: idem });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body).toEqual({ webhook, secret: null });

  const got = await call("GET", `/v1/webhooks/${webhook.id}`, { key: state().a.readKey });
  expect(got.body).toEqual({ webhook });
  expect(got.text).not.toContain(created.body.secret.slice(6, 20));
  const list = await call("GET", "/v1/webhooks?limit=100", { key: state().a.readKey });
  expect(list.body.webhooks.map((w: { id: string }) => w.id)).toContain(webhook.id);
  expect(list.text).not.toContain("whsec_");

  const patched = await call("PATCH", `/v1/webhooks/${webhook.id}`, { key: key(), body: { events: ["*"], description: "all of it", enabled: false } });
  expect(patched.status).toBe(200);
  expect(patched.body.webhook).toMatchObject({ events: ["*"], description: "all of it", enabled: false });
  expect((await call("PATCH", `/v1/webhooks/${webhook.id}`, { key: key(), body: {} })).body.error.code).toBe("invalid_body");
  expect((await call("DELETE", `/v1/webhooks/${webhook.id}`, { key: key() })).status).toBe(204);
  expect((await call("GET", `/v1/webhooks/${webhook.id}`, { key: key() })).status).toBe(404);
});

test("bad bodies are refused by field: unknown event types, unknown fields, refused URLs", async () => {
  const refused = async (body: unknown, param: string, message: RegExp) => {
    const res = await call("POST", "/v1/webhooks", { key: key(), body });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_body", param });
    expect(res.body.error.message).toMatch(message);
  };
  await refused({ url: rx.url, events: ["instance.exploded"] }, "events.0", /must be one of .*`instance\.\*`/);
  await refused({ url: rx.url, events: [] }, "events", /.+/);
  await refused({ url: rx.url, events: ["*"], secret: "mine" }, "secret", /Unknown field/);
  // Forms of inside addresses (the suite's server allows only loopback literals, for its receiver).
  for (const [url, why] of [
    ["https://10.0.0.1/hook", /private/],
    ["https://[::ffff:10.0.0.1]/hook", /private/],
    ["https://0xa000001/hook", /private/],
    ["https://167772161/hook", /private/],
    ["https://192.168.1.20/hook", /private/],
    ["https://100.64.0.1/hook", /carrier-grade/],
    ["https://169.254.169.254/latest/meta-data/", /link-local/],
    ["https://[fd00:ec2::254]/", /unique local/],
    ["https://[fe80::1]/", /link-local/],
    ["https://0.0.0.0/hook", /unspecified/],
    ["ftp://example.com/hook", /https/],
    ["https://user:pw@93.184.216.34/hook", /user name or password/],
    ["not a url", /valid URL/],
  ] as const) {
    await refused({ url, events: ["*"] }, "url", why);
  }
});

test("instance lifecycle, backup and snapshot events arrive signed, with the API's shapes, in order", async () => {
  test.setTimeout(60_000);
  const { webhook, secret } = await newWebhook(["instance.*", "snapshot.completed", "backup.*"]);
  const instance = await newInstance(key(), { backups: true });
  await waitForStatus(key(), instance.id, "running");
  const about = () => rx.signedWith(secret).filter((d) => JSON.stringify(d.json.data).includes(instance.id));
  // The backup taken after creation runs while the instance is running: waited for here, since a busy
  // job queue may reach it only after the power-off below, when there is nothing to back up.
  await expect.poll(() => about().some((d) => d.json.type === "backup.completed"), { timeout: 30_000 }).toBe(true);
  expect((await call("POST", `/v1/instances/${instance.id}/actions`, { key: key(), body: { type: "power_off" } })).status).toBe(202);
  await waitForStatus(key(), instance.id, "stopped");
  const snap = await call("POST", `/v1/instances/${instance.id}/snapshots`, { key: key(), body: { name: "hooked" } });
  expect(snap.status).toBe(202);
  await waitForStatus(key(), instance.id, "stopped");
  expect((await call("DELETE", `/v1/instances/${instance.id}`, { key: key() })).status).toBe(202);

  await expect.poll(() => about().map((d) => d.json.type).includes("instance.deleted"), { timeout: 20_000 }).toBe(true);
  const events = about();
  for (const d of events) {
    expect(d.headers["webhook-id"]).toBe(d.json.id);
    expect(d.json).toMatchObject({ id: expect.stringMatching(/^evt_/), project_id: state().a.projectId, created_at: expect.any(String) });
  }
  const statusChanges = events.filter((d) => d.json.type === "instance.status_changed");
  const path = statusChanges.map((d) => `${d.json.data.previous_status}>${d.json.data.instance.status}`);
  expect(path).toEqual([
    "null>provisioning", "provisioning>running", "running>stopping", "stopping>stopped", "stopped>snapshotting", "snapshotting>stopped", "stopped>deleting", "deleting>deleted",
  ]);
  for (const d of statusChanges) instanceObject.parse(d.json.data.instance);
  const created = events.find((d) => d.json.type === "instance.created")!;
  expect(instanceObject.parse(created.json.data.instance)).toMatchObject({ id: instance.id, status: "provisioning" });
  expect(snapshotObject.parse(events.find((d) => d.json.type === "snapshot.completed")!.json.data.snapshot)).toMatchObject({ id: snap.body.snapshot.id, status: "available" });
  expect(backupObject.parse(events.find((d) => d.json.type === "backup.completed")!.json.data.backup)).toMatchObject({ instance_id: instance.id, status: "available" });
  expect(instanceObject.parse(events.find((d) => d.json.type === "instance.deleted")!.json.data.instance).status).toBe("deleted");
  // Each event once: the receiver answered 200 to all of them.
  expect(new Set(events.map((d) => d.json.id)).size).toBe(events.length);
  // Order: the instance's events arrived in the order they happened.
  const order = events.map((d) => d.json.created_at);
  expect([...order].sort()).toEqual(order);
  const log = await call("GET", `/v1/webhooks/${webhook.id}/deliveries?limit=100`, { key: state().a.readKey });
  expect(log.body.deliveries.filter((x: { status: string }) => x.status === "succeeded").length).toBeGreaterThanOrEqual(events.length);
});

test("receiver down (503 with Retry-After), then up: every event arrives once after its 2xx, same webhook-id on retries", async () => {
  test.setTimeout(60_000);
  const down = await startReceiver();
  try {
    down.answer(503, { "retry-after": "1" });
    // Subscribed to a daily event only, so that the receiver gets nothing but the test events.
    const { webhook, secret } = await newWebhook(["billing.charged"], down.url);
    const pings: { id: string; event: { id: string } }[] = [];
    for (let i = 0; i < 5; i++) pings.push((await call("POST", `/v1/webhooks/${webhook.id}/ping`, { key: key() })).body.delivery);
    // Each event tried twice (the second after the 1 s Retry-After), then the receiver comes back.
    await expect.poll(() => pings.every((p) => down.received.filter((d) => d.json.id === p.event.id).length >= 2), { timeout: 15_000 }).toBe(true);
    const upAt = Date.now();
    down.answer(200);
    await expect.poll(() => new Set(pingsOf(secret, webhook.id, down).filter((d) => d.at > upAt).map((d) => d.json.id)).size, { timeout: 20_000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // nothing more must come
    // What this endpoint sent (signed with its secret): the receiver's port may be one an earlier
    // spec's endpoint still retries to, as the OS hands ports out again.
    const mine = down.signedWith(secret);
    const after = mine.filter((d) => d.at > upAt);
    expect(after.map((d) => d.json.id).sort()).toEqual(pings.map((p) => p.event.id).sort());
    for (const p of pings) {
      const attempts = mine.filter((d) => d.json.id === p.event.id);
      expect(attempts.length).toBeGreaterThan(1);
      expect(new Set(attempts.map((d) => d.headers["webhook-id"]))).toEqual(new Set([p.event.id]));
      expect(new Set(attempts.map((d) => d.headers["webhook-signature"])).size).toBe(attempts.length); // fresh signature each time
    }
    const log = await call("GET", `/v1/webhooks/${webhook.id}/deliveries?status=succeeded`, { key: key() });
    expect(log.body.deliveries).toHaveLength(5);
    expect(log.body.deliveries[0].attempts[0]).toMatchObject({ status_code: 503, outcome: "failed", next_retry_at: expect.any(String) });
  } finally {
    await down.close();
  }
});

test("rotation: deliveries verify with the old and the new secret for 24 h; redelivery keeps the event id", async () => {
  const { webhook, secret } = await newWebhook(["billing.*"]);
  const rotated = await call("POST", `/v1/webhooks/${webhook.id}/rotate_secret`, { key: key() });
  expect(rotated.status).toBe(200);
  expect(rotated.body.secret).toMatch(/^whsec_/);
  const overlap = Date.parse(rotated.body.webhook.previous_secret_expires_at) - Date.now();
  expect(overlap).toBeGreaterThan(23.9 * 3600_000);
  const ping = await call("POST", `/v1/webhooks/${webhook.id}/ping`, { key: key() });
  expect(ping.status).toBe(202);
  await expect.poll(() => pingsOf(rotated.body.secret, webhook.id).length, { timeout: 10_000 }).toBe(1);
  expect(pingsOf(secret, webhook.id)).toHaveLength(1);
  // A retry while the attempt is still being recorded is refused (409): wait until it is.
  const succeeded = async () =>
    (await call("GET", `/v1/webhooks/${webhook.id}/deliveries?status=succeeded`, { key: key() })).body.deliveries.map((d: { id: string }) => d.id);
  await expect.poll(succeeded, { timeout: 10_000 }).toContain(ping.body.delivery.id);
  const retry = await call("POST", `/v1/webhooks/${webhook.id}/deliveries/${ping.body.delivery.id}/retry`, { key: key() });
  expect(retry.status, retry.text).toBe(202);
  await expect.poll(() => pingsOf(rotated.body.secret, webhook.id).length, { timeout: 10_000 }).toBe(2);
  const [first, second] = pingsOf(rotated.body.secret, webhook.id);
  expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  expect(second.body).toBe(first.body);
  const missing = await call("POST", `/v1/webhooks/${webhook.id}/deliveries/dlv_01jd0v6x4m8q2r5t7w9y1b3c5e/retry`, { key: key() });
  expect(missing.status).toBe(404);
  expect((await call("POST", `/v1/webhooks/${webhook.id}/ping`, { key: key(), body: { extra: 1 } })).body.error).toMatchObject({ code: "invalid_body", param: "extra" });
});

test("a 410 disables the endpoint with a reason; a test event then is a conflict until it is enabled", async () => {
  const gone = await startReceiver();
  try {
    gone.answer(410);
    const { webhook } = await newWebhook(["*"], gone.url);
    await call("POST", `/v1/webhooks/${webhook.id}/ping`, { key: key() });
    await expect.poll(async () => (await call("GET", `/v1/webhooks/${webhook.id}`, { key: key() })).body.webhook.enabled, { timeout: 10_000 }).toBe(false);
    const { body } = await call("GET", `/v1/webhooks/${webhook.id}`, { key: key() });
    expect(body.webhook.disabled_reason).toMatch(/410/);
    expect((await call("POST", `/v1/webhooks/${webhook.id}/ping`, { key: key() })).body.error.code).toBe("conflict");
    const enabled = await call("PATCH", `/v1/webhooks/${webhook.id}`, { key: key(), body: { enabled: true } });
    expect(enabled.body.webhook).toMatchObject({ enabled: true, disabled_reason: null });
    expect(gone.received).toHaveLength(1);
  } finally {
    await gone.close();
  }
});
