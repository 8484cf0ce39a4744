// GET /v1/audit_events over real HTTP: key and webhook changes are listed workspace-wide, newest
// first, with the acting key as actor and the client's address; another workspace's key sees none
// of them; the answers hold to the response schema of the OpenAPI document.
import { expect, test } from "@playwright/test";
import { auditEventList, type AuditEventView } from "@/server/audit/schema";
import { call, type ApiResponse } from "../fixtures/api";
import { refusingUrl } from "../fixtures/receiver";
import { state } from "../fixtures/state";

/** The workspace's events, newest first, until every target named has shown up (other specs act on A too). */
async function eventsAbout(key: string, targets: string[]): Promise<AuditEventView[]> {
  const found: AuditEventView[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res: ApiResponse = await call("GET", `/v1/audit_events?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { key });
    expect(res.status, res.text).toBe(200);
    expect(auditEventList.safeParse(res.body).success, res.text).toBe(true);
    found.push(...res.body.audit_events);
    cursor = res.body.next_cursor;
    if (!cursor || targets.every((target) => found.some((event) => event.target.id === target))) break;
  }
  return found.filter((event) => targets.includes(event.target.id));
}

test("key and webhook changes are listed with the acting key as actor; B's key sees none of them", async () => {
  // A key of its own, so that the actor of what follows is a key whose id the spec knows.
  const actingKey = await call("POST", "/v1/api_keys", { key: state().a.readWriteKey, body: { name: "audit actor", scope: "read_write" } });
  expect(actingKey.status).toBe(201);
  const key = actingKey.body.key as string;
  const actorId = actingKey.body.api_key.id as string;

  const created = await call("POST", "/v1/api_keys", { key, body: { name: "audited", scope: "read" } });
  expect(created.status).toBe(201);
  const keyId = created.body.api_key.id as string;
  expect((await call("DELETE", `/v1/api_keys/${keyId}`, { key })).status).toBe(204);

  const webhook = await call("POST", "/v1/webhooks", { key, body: { url: await refusingUrl(), events: ["instance.*"] } });
  expect(webhook.status, webhook.text).toBe(201);
  const webhookId = webhook.body.webhook.id as string;
  expect((await call("PATCH", `/v1/webhooks/${webhookId}`, { key, body: { description: "audited" } })).status).toBe(200);
  const rotated = await call("POST", `/v1/webhooks/${webhookId}/rotate_secret`, { key });
  expect(rotated.status).toBe(200);
  expect((await call("DELETE", `/v1/webhooks/${webhookId}`, { key })).status).toBe(204);

  // A read key of the same project.
  const events = await eventsAbout(state().a.readKey, [keyId, webhookId]);
  expect(events.map((event) => [event.action, event.target.id])).toEqual([
    ["webhook.delete", webhookId],
    ["webhook.rotate_secret", webhookId],
    ["webhook.update", webhookId],
    ["webhook.create", webhookId],
    ["api_key.revoke", keyId],
    ["api_key.create", keyId],
  ]);
  for (const event of events) {
    expect(event.actor).toEqual({ type: "api_key", id: actorId, name: "audit actor" });
    expect(event.request_id).toMatch(/\S/);
    expect(event.ip, "no client address for a key").toBeNull();
    expect(event.id).toMatch(/^aud_/);
  }
  // No secret shown once is in the log.
  const log = await call("GET", "/v1/audit_events?limit=100", { key: state().a.readKey });
  for (const secret of [key, created.body.key, webhook.body.secret, rotated.body.secret]) expect(log.text).not.toContain(secret);

  // Workspace B's key: its own log only.
  const theirs = await call("GET", "/v1/audit_events?limit=100", { key: state().b.readKey });
  expect(theirs.status).toBe(200);
  expect(auditEventList.safeParse(theirs.body).success).toBe(true);
  for (const id of [actorId, keyId, webhookId, state().a.workspaceId]) expect(theirs.text).not.toContain(id);
});

test("the list pages with limit and cursor, newest first, and only GET is allowed", async () => {
  const key = state().a.readKey;
  const first = await call("GET", "/v1/audit_events?limit=2", { key });
  expect(first.status).toBe(200);
  expect(first.body.audit_events).toHaveLength(2);
  expect(first.body.audit_events[0].id > first.body.audit_events[1].id).toBe(true);
  const second = await call("GET", `/v1/audit_events?limit=2&cursor=${first.body.next_cursor}`, { key });
  expect(second.status).toBe(200);
  expect(second.body.audit_events[0].id < first.body.audit_events[1].id).toBe(true);

  expect((await call("GET", "/v1/audit_events?limit=0", { key })).body.error).toMatchObject({ code: "invalid_body", param: "limit" });
  const post = await call("POST", "/v1/audit_events", { key: state().a.readWriteKey, body: {} });
  expect(post.status).toBe(405);
  expect(post.body.error.code).toBe("method_not_allowed");
});

test("a key sees its own project's events only: no sign-ups, sign-ins or operator changes, no emails, no addresses", async () => {
  // An event with an address and one of the project: both exist before the read.
  const made = await call("POST", "/v1/api_keys", { key: state().a.readWriteKey, body: { name: "scoped audit", scope: "read" } });
  expect(made.status).toBe(201);
  const events = await eventsAbout(state().a.readKey, [made.body.api_key.id]);
  expect(events).toHaveLength(1);
  const log = await call("GET", "/v1/audit_events?limit=100", { key: state().a.readKey });
  expect(log.status).toBe(200);
  expect(log.body.audit_events.length).toBeGreaterThan(0);
  for (const event of log.body.audit_events as AuditEventView[]) {
    expect(event.action, "only changes of the project's resources").not.toMatch(/^(user|operator)\./);
    expect(event.ip).toBeNull();
    expect(JSON.stringify(event)).not.toContain("@");
  }
  expect(log.text).not.toContain(state().a.email);
});

test("filters: action, actor, target and a time window narrow the list; bad values are refused with 400", async () => {
  const key = state().a.readWriteKey;
  const made = await call("POST", "/v1/api_keys", { key, body: { name: "filtered", scope: "read" } });
  expect(made.status).toBe(201);
  const id = made.body.api_key.id as string;
  expect((await call("PATCH", `/v1/api_keys/${id}`, { key, body: { name: "filtered again" } })).status).toBe(200);

  const byTarget = await call("GET", `/v1/audit_events?target_id=${id}`, { key });
  expect(byTarget.status, byTarget.text).toBe(200);
  expect(byTarget.body.audit_events.map((e: AuditEventView) => e.action)).toEqual(["api_key.update", "api_key.create"]);
  expect(byTarget.body.audit_events[0].changes).toEqual({ name: ["filtered", "filtered again"] });
  expect(byTarget.body.audit_events[0].target).toEqual({ type: "api_key", id, name: "filtered again" });

  const both = await call("GET", `/v1/audit_events?target_id=${id}&action=api_key.create`, { key });
  expect(both.body.audit_events).toHaveLength(1);
  const actor = both.body.audit_events[0].actor.id as string;
  const byActor = await call("GET", `/v1/audit_events?actor_id=${actor}&limit=100`, { key });
  expect(byActor.body.audit_events.length).toBeGreaterThan(0);
  for (const event of byActor.body.audit_events as AuditEventView[]) expect(event.actor.id).toBe(actor);

  const at = both.body.audit_events[0].created_at as string;
  const after = new Date(Date.parse(at) + 1).toISOString();
  expect((await call("GET", `/v1/audit_events?target_id=${id}&since=${after}`, { key })).body.audit_events.map((e: AuditEventView) => e.action)).not.toContain("api_key.create");
  expect((await call("GET", `/v1/audit_events?target_id=${id}&until=${at}`, { key })).body.audit_events.map((e: AuditEventView) => e.action)).toEqual(["api_key.create"]);
  expect((await call("GET", `/v1/audit_events?target_id=${id}&until=2020-01-01`, { key })).body.audit_events).toEqual([]);

  for (const [query, param] of [["action=api_key.explode", "action"], ["since=yesterday", "since"], ["until=2026-13-45", "until"], ["actor_id=", "actor_id"], ["colour=red", undefined]] as const) {
    const refused = await call("GET", `/v1/audit_events?${query}`, { key });
    expect(refused.status, query).toBe(400);
    expect(refused.body.error.code, query).toBe("invalid_body");
    if (param) expect(refused.body.error.param, query).toBe(param);
  }
});
