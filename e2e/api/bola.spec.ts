// Broken object level authorisation, checked on every keyed route: project B's key gets 404 for
// each of project A's resources (never 403, never the resource), and B's lists never show them.
// Routes are discovered from the route files, so a new route must say here how to fill its path.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, waitForStatus } from "../fixtures/cloud";
import { refusingUrl } from "../fixtures/receiver";
import { keyedRoutes } from "../fixtures/routes";
import { state } from "../fixtures/state";

/** A's resources, by the collection that precedes the path parameter. */
const owned: Record<string, string> = {};

/** Ids of what no project owns (the products, as OpenAI models): every key reads the same ones. */
const catalogue: Record<string, string> = { models: "scholar" };

/** Bodies that would be valid for A, so that B's 404 is about ownership, not validation. */
const bodies: Record<string, unknown> = {
  "POST /v1/instances/{}/actions": { type: "reboot" },
  "POST /v1/instances/{}/snapshots": { name: "bola" },
  "PATCH /v1/instances/{}": { hostname: "bola-host" },
  "POST /v1/domains/{}/records": { type: "A", name: "bola", value: "203.0.113.9", ttl: 3600 },
  "PATCH /v1/domains/{}/records/{}": { value: "stolen by b" },
  "PATCH /v1/webhooks/{}": { description: "bola" },
};

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const key = state().a.readWriteKey;
  const instance = await newInstance(key);
  await waitForStatus(key, instance.id, "running");
  owned.instances = instance.id;
  owned.ssh_keys = instance.ssh_key_id;
  const action = await call("POST", `/v1/instances/${instance.id}/actions`, { key, body: { type: "reboot" } });
  owned.actions = action.body.action.id;
  await waitForStatus(key, instance.id, "running");
  const snapshot = await call("POST", `/v1/instances/${instance.id}/snapshots`, { key, body: {} });
  owned.snapshots = snapshot.body.snapshot.id;
  const domain = `bola-${randomUUID().slice(0, 12)}.example.com`;
  expect((await call("POST", "/v1/domains", { key, body: { name: domain } })).status).toBe(201);
  owned.domains = domain;
  const record = await call("POST", `/v1/domains/${domain}/records`, { key, body: { type: "TXT", name: "@", value: "owned by a", ttl: 3600 } });
  owned.records = record.body.record.id;
  owned.api_keys = (await call("POST", "/v1/api_keys", { key, body: { name: "bola", scope: "read" } })).body.api_key.id;
  // Nothing listens there: the delivery fails, which is all the spec needs.
  owned.webhooks = (await call("POST", "/v1/webhooks", { key, body: { url: await refusingUrl("/bola"), events: ["*"] } })).body.webhook.id;
  owned.deliveries = (await call("POST", `/v1/webhooks/${owned.webhooks}/ping`, { key })).body.delivery.id;
  const generation = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "owned by a", max_output_tokens: 16 } });
  expect(generation.status, generation.text).toBe(200);
  owned.generations = generation.body.id;
});

function fill(path: string): { url: string; shape: string } {
  const segments = path.split("/");
  const shape = segments.map((s) => (s.startsWith("zz_") ? "{}" : s)).join("/");
  const url = segments
    .map((segment, i) => {
      if (!segment.startsWith("zz_")) return segment;
      const collection = segments[i - 1];
      const id = owned[collection] ?? catalogue[collection];
      if (!id) throw new Error(`the BOLA spec does not know which of A's resources fills ${path} (after /${collection}/)`);
      return encodeURIComponent(id);
    })
    .join("/");
  return { url, shape };
}

for (const route of keyedRoutes()) {
  test(`${route.method} ${route.path}: project B never reaches project A's resources`, async () => {
    const { url, shape } = fill(route.path);
    const b = state().b;
    const key = route.scope === "read" ? b.readKey : b.readWriteKey;
    const res = await call(route.method, url, { key, body: route.method === "GET" || route.method === "DELETE" ? undefined : bodies[`${route.method} ${shape}`] ?? {} });
    const shared = route.path.split("/").some((s, i, all) => s.startsWith("zz_") && all[i - 1] in catalogue);
    if (shared) {
      expect(res.status, res.text).toBe(200);
    } else if (shape.includes("{}")) {
      // Not found, and nothing of the resource in the answer (the error may name the id B sent).
      expect(res.status, res.text).toBe(404);
      expect(Object.keys(res.body)).toEqual(["error"]);
      expect(res.body.error.code).toBe("not_found");
    } else {
      expect(res.status).not.toBe(403);
      for (const id of Object.values(owned)) expect(res.text).not.toContain(id);
    }
  });
}

test("A's resources are still there, untouched", async () => {
  const key = state().a.readKey;
  expect((await call("GET", `/v1/instances/${owned.instances}`, { key })).body.instance.hostname).not.toBe("bola-host");
  expect((await call("GET", `/v1/snapshots/${owned.snapshots}`, { key })).status).toBe(200);
  const keys = await call("GET", "/v1/api_keys?limit=100", { key });
  expect(keys.body.api_keys.map((k: { id: string }) => k.id)).toContain(owned.api_keys);
  const webhook = (await call("GET", `/v1/webhooks/${owned.webhooks}`, { key })).body.webhook;
  expect(webhook).toMatchObject({ description: "", previous_secret_expires_at: null });
  const record = await call("GET", `/v1/domains/${owned.domains}/records/${owned.records}`, { key });
  expect(record.body.record.value).toBe("owned by a");
  expect((await call("GET", `/api/public/v1/generations/${owned.generations}`, { key })).status).toBe(200);
});
