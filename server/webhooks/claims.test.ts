// Claiming on the real database, against an endpoint that accepts connections and never answers:
// every attempt is recorded (a timeout by name), a delivery whose attempts are spent is failed
// instead of claimed again forever, and one workspace's queue cannot take every delivery slot:
// at most 4 deliveries in flight per endpoint and 8 per workspace, even with claimers racing.
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../db";
import { env } from "../env";
import { newId } from "../ids";
import { newWorkspace } from "../../test/kits/workspaces";
import { attemptDelivery } from "./attempt";
import { claimDeliveries, PER_ENDPOINT_IN_FLIGHT, PER_WORKSPACE_IN_FLIGHT } from "./claims";
import { PING } from "../vocab/webhook-event-types";
import { MAX_ATTEMPTS } from "./schedule";
import { createWebhook, listDeliveries } from "./service";

/** A TCP server that takes every connection and never says a word. */
const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
});
let hangingUrl: string;
const settings = { ...env };

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});
beforeEach(() => Object.assign(env, { WEBHOOK_ALLOW_HTTP: true, WEBHOOK_ALLOW_LOOPBACK: true, WEBHOOK_TIMEOUT_SECONDS: 1 }));
afterEach(async () => {
  Object.assign(env, settings);
  // Nothing of a test stays claimable for the next one.
  await db().webhookDelivery.updateMany({ where: { status: "pending" }, data: { status: "failed", lockedUntil: null } });
});

async function tenant() {
  const { workspaceId, projectId } = await newWorkspace(0n);
  return { workspaceId, projectId, maxScope: "read_write" as const };
}

/** `n` due test events for one endpoint, as the ping would queue them (each its own subject). */
async function queue(actor: { workspaceId: string; projectId: string }, webhookId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const eventId = newId("evt");
    const event = await db().outboxEvent.create({
      data: { id: eventId, workspaceId: actor.workspaceId, projectId: actor.projectId, type: PING, subject: eventId, data: { webhook_id: webhookId }, dispatchedAt: new Date() },
    });
    const id = newId("dlv");
    await db().webhookDelivery.create({ data: { id, webhookId, eventId, subject: eventId, eventSeq: event.seq, nextAttemptAt: new Date() } });
    ids.push(id);
  }
  return ids;
}

describe("an endpoint that never answers", () => {
  it("each attempt is recorded as a timeout, by name, and the delivery waits for its retry", async () => {
    const actor = await tenant();
    const { webhook } = await createWebhook(actor, { url: hangingUrl, events: ["*"] });
    const [id] = await queue(actor, webhook.id, 1);
    const [claim] = (await claimDeliveries(16)).filter((c) => c.id === id);
    expect(claim).toBeDefined();
    const started = Date.now();
    await attemptDelivery(claim);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [delivery] = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries;
    expect(delivery).toMatchObject({ status: "pending", next_attempt_at: expect.any(String) });
    expect(delivery.attempts).toEqual([expect.objectContaining({ number: 1, status_code: null, outcome: "failed", error: "no answer within 1 s" })]);
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id } });
    expect(row.lockedUntil).toBeNull();
  });

  it("a delivery whose attempts are spent without a record is failed, not claimed again", async () => {
    const actor = await tenant();
    const { webhook } = await createWebhook(actor, { url: hangingUrl, events: ["*"] });
    const [id] = await queue(actor, webhook.id, 1);
    // Every attempt so far was claimed and never reported back; the last lease has run out.
    await db().webhookDelivery.update({ where: { id }, data: { attempts: MAX_ATTEMPTS, lockedUntil: new Date(Date.now() - 1000) } });
    const claims = await claimDeliveries(16);
    expect(claims.map((c) => c.id)).not.toContain(id);
    const [delivery] = (await listDeliveries(actor, webhook.id, { limit: 1 })).deliveries;
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts.at(-1)).toMatchObject({ number: MAX_ATTEMPTS, outcome: "failed", error: expect.stringMatching(/never reported back/) });
  });
});

describe("fair claiming", () => {
  it("64 queued deliveries of one workspace take at most 8 slots; another workspace's delivery is claimed at once", async () => {
    const a = await tenant();
    const endpoints = await Promise.all(Array.from({ length: 16 }, () => createWebhook(a, { url: hangingUrl, events: ["*"] })));
    const queuedA = new Set((await Promise.all(endpoints.map(({ webhook }) => queue(a, webhook.id, 4)))).flat());
    expect(queuedA.size).toBe(64);
    const b = await tenant();
    const { webhook: hookB } = await createWebhook(b, { url: hangingUrl, events: ["*"] });
    const [deliveryB] = await queue(b, hookB.id, 1);

    const first = await claimDeliveries(16);
    expect(first.filter((c) => queuedA.has(c.id))).toHaveLength(PER_WORKSPACE_IN_FLIGHT);
    expect(first.map((c) => c.id)).toContain(deliveryB);
    // Its 8 still in flight, the workspace gets no more.
    expect((await claimDeliveries(16)).filter((c) => queuedA.has(c.id))).toHaveLength(0);
  });

  it("one endpoint gets at most 4 in flight, even when claimers race", async () => {
    const a = await tenant();
    const { webhook } = await createWebhook(a, { url: hangingUrl, events: ["*"] });
    const queued = new Set(await queue(a, webhook.id, 12));
    const { webhook: other } = await createWebhook(a, { url: hangingUrl, events: ["*"] });
    const queuedOther = new Set(await queue(a, other.id, 12));
    const claims = (await Promise.all([claimDeliveries(16), claimDeliveries(16), claimDeliveries(16)])).flat();
    expect(new Set(claims.map((c) => c.id)).size).toBe(claims.length);
    expect(claims.filter((c) => queued.has(c.id))).toHaveLength(PER_ENDPOINT_IN_FLIGHT);
    expect(claims.filter((c) => queuedOther.has(c.id))).toHaveLength(PER_ENDPOINT_IN_FLIGHT);
  });

  it("claimers racing over many endpoints of one workspace never exceed its 8", async () => {
    const a = await tenant();
    const endpoints = await Promise.all(Array.from({ length: 8 }, () => createWebhook(a, { url: hangingUrl, events: ["*"] })));
    const queued = new Set((await Promise.all(endpoints.map(({ webhook }) => queue(a, webhook.id, 3)))).flat());
    const claims = (await Promise.all(Array.from({ length: 4 }, () => claimDeliveries(16)))).flat();
    expect(claims.filter((c) => queued.has(c.id))).toHaveLength(PER_WORKSPACE_IN_FLIGHT);
  });
});
