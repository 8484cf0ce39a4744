// API keys over REST: created once with the key shown once, listed by prefix and last4, revoked
// at once, scoped to their own project.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

test("create → list → use → revoke → refused on the very next request", async () => {
  const { a } = state();
  const created = await call("POST", "/v1/api_keys", { key: a.readWriteKey, body: { name: "ci", scope: "read" } });
  expect(created.status).toBe(201);
  const { api_key, key } = created.body;
  expect(key).toMatch(/^swk_[0-9A-Za-z]{38}$/);
  expect(api_key).toMatchObject({ name: "ci", scope: "read", prefix: key.slice(4, 12), last4: key.slice(-4), last_used_at: null });
  expect(api_key.id).toMatch(/^key_/);
  expect(created.headers.get("x-request-id")).toMatch(/^req_/);

  const listed = await call("GET", "/v1/api_keys?limit=100", { key: a.readWriteKey });
  expect(listed.status).toBe(200);
  const shown = listed.body.api_keys.find((k: { id: string }) => k.id === api_key.id);
  expect(shown).toMatchObject({ prefix: api_key.prefix, last4: api_key.last4 });
  expect(JSON.stringify(listed.body)).not.toContain(key);

  expect((await call("GET", "/v1/api_keys", { key })).status).toBe(200);
  const afterUse = await call("GET", "/v1/api_keys?limit=100", { key: a.readWriteKey });
  expect(afterUse.body.api_keys.find((k: { id: string }) => k.id === api_key.id).last_used_at).not.toBeNull();

  expect((await call("DELETE", `/v1/api_keys/${api_key.id}`, { key: a.readWriteKey })).status).toBe(204);
  const refused = await call("GET", "/v1/api_keys", { key });
  expect(refused.status).toBe(401);
  expect(refused.body.error.code).toBe("invalid_api_key");
  // Revocation touches no other key.
  expect((await call("GET", "/v1/api_keys", { key: a.readKey })).status).toBe(200);
  // Revoking again, or a key that does not exist: 404.
  expect((await call("DELETE", `/v1/api_keys/${api_key.id}`, { key: a.readWriteKey })).status).toBe(404);
});

test("another project's keys are invisible and cannot be revoked", async () => {
  const { a, b } = state();
  const bKeys = await call("GET", "/v1/api_keys?limit=100", { key: b.readWriteKey });
  const aKeys = await call("GET", "/v1/api_keys?limit=100", { key: a.readWriteKey });
  const aIds = new Set(aKeys.body.api_keys.map((k: { id: string }) => k.id));
  expect(bKeys.body.api_keys.some((k: { id: string }) => aIds.has(k.id))).toBe(false);
  const victim = aKeys.body.api_keys[0].id;
  const res = await call("DELETE", `/v1/api_keys/${victim}`, { key: b.readWriteKey });
  expect(res.status).toBe(404);
  expect(res.body.error.code).toBe("not_found");
});

test("lists paginate with limit and cursor", async () => {
  const { b } = state();
  for (let i = 0; i < 3; i++) {
    expect((await call("POST", "/v1/api_keys", { key: b.readWriteKey, body: { name: `page ${i}`, scope: "read" } })).status).toBe(201);
  }
  const first = await call("GET", "/v1/api_keys?limit=2", { key: b.readWriteKey });
  expect(first.body.api_keys).toHaveLength(2);
  expect(first.body.next_cursor).toBe(first.body.api_keys[1].id);
  const second = await call("GET", `/v1/api_keys?limit=2&cursor=${first.body.next_cursor}`, { key: b.readWriteKey });
  const ids = [...first.body.api_keys, ...second.body.api_keys].map((k: { id: string }) => k.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect((await call("GET", "/v1/api_keys?limit=0", { key: b.readWriteKey })).body.error).toMatchObject({ code: "invalid_body", param: "limit" });
  expect((await call("GET", "/v1/api_keys?limt=5", { key: b.readWriteKey })).body.error).toMatchObject({ code: "invalid_body", param: "limt" });
});

test("unknown paths and methods answer JSON 404 and 405", async () => {
  for (const path of ["/v1/nothing-here", "/v1", "/api/public/v1", "/api/public/v1/nothing/here"]) {
    const res = await call("GET", path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "not_found" });
  }
  const res = await call("PUT", "/v1/api_keys", { key: state().a.readWriteKey });
  expect(res.status).toBe(405);
  expect(res.body.error.code).toBe("method_not_allowed");
});

test("a key changes or revokes only itself and the keys below it: its parent, a sibling and console keys are 403 forbidden", async () => {
  const { a } = state();
  const make = async (parent: string, name: string) => {
    const res = await call("POST", "/v1/api_keys", { key: parent, body: { name, scope: "read_write" } });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.api_key.id as string, key: res.body.key as string };
  };
  const main = await make(a.readWriteKey, "main");
  const integration = await make(main.key, "integration");
  const sibling = await make(main.key, "sibling");
  const below = await make(integration.key, "below");
  for (const target of [main.id, sibling.id]) {
    const patched = await call("PATCH", `/v1/api_keys/${target}`, { key: integration.key, body: { monthly_credit_limit: 0 } });
    expect(patched.status).toBe(403);
    expect(patched.body.error).toMatchObject({ type: "permission_error", code: "forbidden" });
    const revoked = await call("DELETE", `/v1/api_keys/${target}`, { key: integration.key });
    expect(revoked.status).toBe(403);
    expect(revoked.body.error).toMatchObject({ type: "permission_error", code: "forbidden" });
    expect((await call("GET", `/v1/api_keys/${target}`, { key: a.readWriteKey })).body.api_key.monthly_credit_limit).toBeNull();
  }
  expect((await call("GET", "/v1/api_keys", { key: main.key })).status).toBe(200);
  expect((await call("PATCH", `/v1/api_keys/${below.id}`, { key: integration.key, body: { name: "renamed" } })).status).toBe(200);
  expect((await call("PATCH", `/v1/api_keys/${integration.id}`, { key: integration.key, body: { name: "self" } })).status).toBe(200);
  expect((await call("DELETE", `/v1/api_keys/${below.id}`, { key: main.key })).status).toBe(204);
  expect((await call("DELETE", `/v1/api_keys/${sibling.id}`, { key: main.key })).status).toBe(204);
  expect((await call("DELETE", `/v1/api_keys/${main.id}`, { key: a.readWriteKey })).status).toBe(204);
});
