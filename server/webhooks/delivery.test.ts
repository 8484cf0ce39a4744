// The deliverer on the real database against a real HTTP receiver: fan-out by project and
// pattern, Standard Webhooks signatures (verified with the package's own verify, during a rotation
// too), retries keeping the webhook-id, order per subject, 410 and five days of failures
// disabling the endpoint, redirects never followed, one claim per attempt, billing events.
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addCredits, applyEntry } from "../billing/ledger";
import { writeDailyCharges } from "../billing/daily-charges";
import { recordUsage } from "../billing/usage";
import { db } from "../db";
import { env } from "../env";
import { newId } from "../ids";
import { newWorkspace } from "../../test/kits/workspaces";
import { receiver } from "../../test/kits/webhook-receiver";
import { attemptDelivery, UNREADABLE_SECRET_REASON } from "./attempt";
import { claimDeliveries } from "./claims";
import { fanOut } from "./fan-out";
import { writeEvent } from "../events/outbox";
import { createWebhook, listDeliveries, pingWebhook, retryDelivery, rotateWebhookSecret, updateWebhook } from "./service";

/** Runs the deliverer's steps until nothing is due (retries are made due at once). */
async function drain(rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await db().webhookDelivery.updateMany({ where: { status: "pending" }, data: { nextAttemptAt: new Date() } });
    const dispatched = await fanOut();
    const claims = await claimDeliveries(16);
    await Promise.all(claims.map(attemptDelivery));
    if (dispatched === 0 && claims.length === 0) return;
  }
}

const settings = { ...env };
const rx = receiver();
let url: string;

beforeAll(async () => {
  url = await rx.start();
});
afterAll(() => rx.close());
beforeEach(() => {
  Object.assign(env, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_LOOPBACK: true, WEBHOOK_RETRY_SPEED: 1 });
  rx.received.length = 0;
  rx.answer(200);
});
afterEach(() => Object.assign(env, settings));

async function project() {
  const { workspaceId, projectId } = await newWorkspace(0n);
  return { workspaceId, projectId, maxScope: "read_write" as const };
}

async function instanceEvent(actor: { workspaceId: string; projectId: string }, instanceId: string, status: string) {
  await db().$transaction((tx) =>
    writeEvent(tx, { workspaceId: actor.workspaceId, projectId: actor.projectId, type: "instance.status_changed", subject: instanceId, data: { instance: { id: instanceId, status } } }),
  );
}

const mine = (webhookSecret: string) => rx.received.filter((r) => {
  try {
    new Verifier(webhookSecret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
});

describe("signing and delivery", () => {
  it("a ping arrives signed with the endpoint's secret; the attempt is logged", async () => {
    const actor = await project();
    const { webhook, secret } = await createWebhook(actor, { url, events: ["instance.*"] });
    const { delivery } = await pingWebhook(actor, webhook.id);
    await drain();
    const [got] = mine(secret);
    expect(got.json).toMatchObject({ id: delivery.event.id, type: "webhook.ping", project_id: actor.projectId, data: { webhook_id: webhook.id } });
    expect(got.headers["webhook-id"]).toBe(delivery.event.id);
    expect(Math.abs(Number(got.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    // Negative controls: the wrong secret, a tampered body, a stale timestamp.
    expect(() => new Verifier(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(got.body, got.headers as never)).toThrow();
    expect(() => new Verifier(secret).verify(got.body.replace("webhook.ping", "webhook.pong"), got.headers as never)).toThrow();
    const stale = { ...got.headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => new Verifier(secret).verify(got.body, stale as never)).toThrow();
    const log = await listDeliveries(actor, webhook.id, { limit: 10 });
    expect(log.deliveries[0]).toMatchObject({ id: delivery.id, status: "succeeded", next_attempt_at: null });
    expect(log.deliveries[0].attempts).toEqual([expect.objectContaining({ number: 1, status_code: 200, outcome: "succeeded", error: null, next_retry_at: null })]);
  });

  it("during a rotation both secrets verify; after the overlap only the new one signs", async () => {
    const actor = await project();
    const created = await createWebhook(actor, { url, events: ["*"] });
    const rotated = await rotateWebhookSecret(actor, created.webhook.id);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.webhook.previous_secret_expires_at).not.toBeNull();
    await pingWebhook(actor, created.webhook.id);
    await drain();
    const [got] = mine(rotated.secret);
    expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => new Verifier(created.secret).verify(got.body, got.headers as never)).not.toThrow();
    await db().webhook.update({ where: { id: created.webhook.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    rx.received.length = 0;
    await pingWebhook(actor, created.webhook.id);
    await drain();
    expect(mine(rotated.secret)).toHaveLength(1);
    expect(mine(created.secret)).toHaveLength(0);
  });
});

describe("fan-out", () => {
  it("project events reach the project's matching endpoints only; workspace events reach every project's", async () => {
    const a = await project();
    const projectB = newId("prj");
    await db().project.create({ data: { id: projectB, workspaceId: a.workspaceId, name: "b" } });
    const b = { ...a, projectId: projectB };
    const instances = await createWebhook(a, { url, events: ["instance.*"] });
    const billing = await createWebhook(a, { url, events: ["billing.credits_added"] });
    const other = await createWebhook(b, { url, events: ["*"] });
    await instanceEvent(a, "ins_fanout", "running");
    await addCredits(a.workspaceId, 2_000_000n);
    await drain();
    expect(mine(instances.secret).map((r) => r.json.type)).toEqual(["instance.status_changed"]);
    expect(mine(billing.secret).map((r) => r.json.type)).toEqual(["billing.credits_added"]);
    expect(mine(other.secret).map((r) => r.json.type)).toEqual(["billing.credits_added"]);
    expect(mine(billing.secret)[0].json).toMatchObject({ project_id: null, data: { amount: 2, balance: 2, kind: "grant" } });
  });

  it("a disabled endpoint gets no new events", async () => {
    const actor = await project();
    const { webhook, secret } = await createWebhook(actor, { url, events: ["*"] });
    await updateWebhook(actor, webhook.id, { enabled: false });
    await instanceEvent(actor, "ins_off", "running");
    await drain();
    expect(mine(secret)).toHaveLength(0);
  });
});

describe("retries and order", () => {
  it("503 then up: every event once after its 2xx, the same webhook-id on every attempt, in order per instance", async () => {
    Object.assign(env, { WEBHOOK_RETRY_SPEED: 0.0001 });
    const actor = await project();
    const { webhook, secret } = await createWebhook(actor, { url, events: ["instance.*"] });
    rx.answer(503);
    for (const status of ["provisioning", "running", "stopping", "stopped"]) await instanceEvent(actor, "ins_x", status);
    for (const status of ["provisioning", "running"]) await instanceEvent(actor, "ins_y", status);
    await drain(3);
    const failed = mine(secret);
    expect(failed.length).toBeGreaterThan(0);
    // Only the head of each instance's queue was tried while it failed.
    expect(new Set(failed.map((r) => r.json.data.instance.id + r.json.data.instance.status))).toEqual(new Set(["ins_xprovisioning", "ins_yprovisioning"]));
    rx.answer(204);
    rx.received.length = 0;
    await drain();
    const arrived = mine(secret);
    const statuses = (id: string) => arrived.filter((r) => r.json.data.instance.id === id).map((r) => r.json.data.instance.status);
    expect(statuses("ins_x")).toEqual(["provisioning", "running", "stopping", "stopped"]);
    expect(statuses("ins_y")).toEqual(["provisioning", "running"]);
    expect(new Set(arrived.map((r) => r.headers["webhook-id"])).size).toBe(6);
    const firstIds = new Set(failed.map((r) => r.headers["webhook-id"]));
    for (const id of firstIds) expect(arrived.map((r) => r.headers["webhook-id"])).toContain(id);
    const log = await listDeliveries(actor, webhook.id, { limit: 10 });
    expect(log.deliveries.every((d) => d.status === "succeeded")).toBe(true);
    const retried = log.deliveries.find((d) => d.attempts.length > 1)!;
    expect(retried.attempts[0]).toMatchObject({ status_code: 503, outcome: "failed", error: expect.stringMatching(/answered 503/) });
    expect(retried.attempts[0].next_retry_at).not.toBeNull();
  });

  it("Retry-After on a 503 sets the next attempt; a redirect is a failure and is not followed", async () => {
    const actor = await project();
    const { webhook } = await createWebhook(actor, { url, events: ["*"] });
    rx.answer(503, { "retry-after": "120" });
    const { delivery } = await pingWebhook(actor, webhook.id);
    await drain(1);
    const after503 = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries[0];
    const wait = Date.parse(after503.next_attempt_at!) - Date.parse(after503.attempts[0].started_at);
    expect(wait).toBeGreaterThanOrEqual(119_000);
    rx.answer(302, { location: `${url}/elsewhere` });
    rx.received.length = 0;
    await retryDelivery(actor, webhook.id, delivery.id);
    await drain(1);
    expect(rx.received.map((r) => r.json.type)).toEqual(["webhook.ping"]); // one request: the redirect was not followed
    const afterRedirect = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries[0];
    expect(afterRedirect.attempts.at(-1)).toMatchObject({ status_code: 302, outcome: "failed", error: expect.stringMatching(/redirect.*not followed/) });
  });

  it("the schedule ends: the delivery fails after 8 attempts", async () => {
    Object.assign(env, { WEBHOOK_RETRY_SPEED: 0.0001 });
    const actor = await project();
    const { webhook } = await createWebhook(actor, { url, events: ["*"] });
    rx.answer(500);
    await pingWebhook(actor, webhook.id);
    await drain();
    const [delivery] = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries;
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts).toHaveLength(8);
    expect(delivery.attempts.at(-1)!.next_retry_at).toBeNull();
  });
});

describe("disabling", () => {
  it("a 410 disables the endpoint with a reason; enabling clears it", async () => {
    const actor = await project();
    const { webhook } = await createWebhook(actor, { url, events: ["*"] });
    rx.answer(410);
    await pingWebhook(actor, webhook.id);
    await drain();
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(row).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/410/) });
    const [delivery] = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries;
    expect(delivery).toMatchObject({ status: "failed" });
    await expect(pingWebhook(actor, webhook.id)).rejects.toMatchObject({ code: "conflict" });
    const enabled = await updateWebhook(actor, webhook.id, { enabled: true });
    expect(enabled.webhook).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it("five days of failures disable the endpoint; its queued deliveries resume when enabled", async () => {
    const actor = await project();
    const { webhook, secret } = await createWebhook(actor, { url, events: ["*"] });
    await db().webhook.update({ where: { id: webhook.id }, data: { failingSince: new Date(Date.now() - 5 * 24 * 3600 * 1000 - 1000) } });
    rx.answer(500);
    await pingWebhook(actor, webhook.id);
    await drain(1);
    const row = await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(row).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/5 days.*answered 500/) });
    rx.answer(200);
    rx.received.length = 0;
    await drain();
    expect(mine(secret)).toHaveLength(0); // nothing is sent to a disabled endpoint
    await updateWebhook(actor, webhook.id, { enabled: true });
    await db().webhookDelivery.updateMany({ where: { webhookId: webhook.id }, data: { nextAttemptAt: new Date() } });
    await drain();
    expect(mine(secret).map((r) => r.json.type)).toEqual(["webhook.ping"]);
  });
});

describe("an unreadable secret", () => {
  it("disables the endpoint with a reason and sends nothing; after a rotation and enabling, the delivery goes out", async () => {
    const actor = await project();
    const { webhook } = await createWebhook(actor, { url, events: ["*"] });
    // Sealed under another server secret (a restart with a new KEY_HASH_SECRET): it cannot be opened.
    await db().webhook.update({ where: { id: webhook.id }, data: { secret: "v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA" } });
    await pingWebhook(actor, webhook.id);
    await drain();
    expect(rx.received).toHaveLength(0);
    expect(await db().webhook.findUniqueOrThrow({ where: { id: webhook.id } })).toMatchObject({ enabled: false, disabledReason: UNREADABLE_SECRET_REASON });
    const [delivery] = await db().webhookDelivery.findMany({ where: { webhookId: webhook.id } });
    expect(delivery).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    const { secret } = await rotateWebhookSecret(actor, webhook.id);
    await updateWebhook(actor, webhook.id, { enabled: true });
    await drain();
    expect(mine(secret).map((r) => r.json.type)).toEqual(["webhook.ping"]);
  });
});

describe("claims", () => {
  it("concurrent claimers never take the same delivery, and a lost claim records nothing", async () => {
    const actor = await project();
    const hooks = [];
    for (let i = 0; i < 3; i++) hooks.push((await createWebhook(actor, { url, events: ["*"] })).webhook);
    for (let i = 0; i < 12; i++) await pingWebhook(actor, hooks[i % 3].id); // test events: 5 a minute per endpoint
    const claims = (await Promise.all([claimDeliveries(5), claimDeliveries(5), claimDeliveries(5)])).flat();
    const ours = claims.filter((c) => c.id.startsWith("dlv_"));
    expect(new Set(ours.map((c) => c.id)).size).toBe(ours.length);
    // A claim whose lease was taken over: its outcome is dropped.
    const [first] = ours;
    await db().webhookDelivery.update({ where: { id: first.id }, data: { attempts: { increment: 1 } } });
    await attemptDelivery(first);
    expect(await db().webhookAttempt.count({ where: { deliveryId: first.id } })).toBe(0);
    await db().webhookDelivery.updateMany({ where: { webhookId: { in: hooks.map((h) => h.id) } }, data: { lockedUntil: null, nextAttemptAt: new Date() } });
    await drain();
  });
});

describe("billing events", () => {
  it("credits_added, balance_low and the daily billing.charged arrive with their payloads", async () => {
    const { workspaceId, projectId } = await newWorkspace(0n, { threshold: 1_000_000n });
    const actor = { workspaceId, projectId, maxScope: "read_write" as const };
    const { secret } = await createWebhook(actor, { url, events: ["billing.*"] });
    await addCredits(workspaceId, 1_500_000n);
    await db().$transaction((tx) => applyEntry(tx, { workspaceId, kind: "charge", amount: -700_000n, description: "test charge", projectId }));
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000);
    await db().$transaction((tx) =>
      recordUsage(tx, workspaceId, { projectId, engine: "scholar", inputTokens: 10, outputTokens: 20, credits: 700_000n, at: yesterday }),
    );
    expect(await writeDailyCharges()).toBeGreaterThanOrEqual(1);
    expect(await writeDailyCharges()).toBe(0); // once per (workspace, day), whoever writes it
    await drain();
    const events = mine(secret).map((r) => r.json);
    expect(events.map((e) => e.type)).toEqual(["billing.credits_added", "billing.balance_low", "billing.charged"]);
    expect(events[0].data).toEqual({ amount: 1.5, balance: 1.5, kind: "grant" });
    expect(events[1].data).toEqual({ balance: 0.8, threshold: 1 });
    expect(events[2].data).toEqual({
      day: yesterday.toISOString().slice(0, 10),
      credits: 0.7,
      usage: [{ project_id: projectId, engine: "scholar", requests: 1, input_tokens: 10, output_tokens: 20, credits: 0.7 }],
    });
  });
});
