// Idempotency-Key (server/http/idempotency.ts) over REST, on POST and DELETE /v1/api_keys and a non-streaming
// generation: one resource however many concurrent retries, replays with the original body (the
// secret nulled) and a new X-Request-Id, mismatches, invalid keys, refusals that store nothing
// (validation, scope, a 5xx), and keys scoped per project. Other specs create keys in the same
// projects meanwhile, so counts are of keys with this spec's own unique names.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { call, type ApiResponse } from "../fixtures/api";
import { state } from "../fixtures/state";

type KeyView = { id: string; name: string };

const unique = (label: string) => `${label}-${randomBytes(6).toString("hex")}`;
const withKey = (idempotencyKey: string) => ({ "Idempotency-Key": idempotencyKey });

/** Every active key of the project with this name, through all pages. */
async function keysNamed(apiKey: string, name: string): Promise<KeyView[]> {
  const found: KeyView[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<{ api_keys: KeyView[]; next_cursor: string | null }> = await call(
      "GET",
      `/v1/api_keys?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      { key: apiKey },
    );
    expect(page.status).toBe(200);
    found.push(...page.body.api_keys.filter((k) => k.name === name));
    cursor = page.body.next_cursor;
  } while (cursor !== null);
  return found;
}

/** A fresh read_write key of project A, so that this spec has a rate-limit bucket of its own. */
async function freshKey(): Promise<string> {
  const created = await call("POST", "/v1/api_keys", { key: state().a.readWriteKey, body: { name: unique("idem-actor"), scope: "read_write" } });
  expect(created.status).toBe(201);
  return created.body.key;
}

test("50 concurrent identical POSTs with one key create exactly one key; the others are 409 in use or the replay", async () => {
  const actor = await freshKey();
  const name = unique("idem-concurrent");
  const idempotencyKey = unique("k");
  expect(await keysNamed(actor, name)).toHaveLength(0);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => call("POST", "/v1/api_keys", { key: actor, body: { name, scope: "read" }, headers: withKey(idempotencyKey) })),
  );
  const created = await keysNamed(actor, name);
  expect(created).toHaveLength(1);

  const originals = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === null);
  const replays = answers.filter((a) => a.status === 201 && a.headers.get("idempotent-replayed") === "true");
  const busy = answers.filter((a) => a.status === 409);
  expect(originals).toHaveLength(1);
  expect(originals.length + replays.length + busy.length).toBe(50);
  expect(originals[0].body.key).toMatch(/^swk_/);
  expect(originals[0].body.api_key.id).toBe(created[0].id);
  for (const replay of replays) expect(replay.body).toEqual({ ...originals[0].body, key: null });
  for (const answer of busy) {
    expect(answer.body.error).toMatchObject({ code: "idempotency_key_in_use", type: "invalid_request_error" });
    expect(answer.headers.get("retry-after")).toBe("1");
  }
  // Every answer has a request id of its own.
  expect(new Set(answers.map((a) => a.headers.get("x-request-id"))).size).toBe(50);
});

test("a finished request replays its status and body, with a new X-Request-Id and the original request_id in the body", async () => {
  const actor = await freshKey();
  const idempotencyKey = unique("k");
  const body = { name: unique("idem-replay"), scope: "read" };
  const first = await call("POST", "/v1/api_keys", { key: actor, body, headers: withKey(idempotencyKey) });
  expect(first.status).toBe(201);
  expect(first.body.key).toMatch(/^swk_/);
  const again = await call("POST", "/v1/api_keys", { key: actor, body, headers: withKey(idempotencyKey) });
  expect(again.status).toBe(201);
  expect(again.headers.get("idempotent-replayed")).toBe("true");
  expect(again.body).toEqual({ ...first.body, key: null }); // the secret is never stored
  expect(again.headers.get("x-request-id")).toMatch(/^req_/);
  expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  expect(again.headers.get("ratelimit")).toBeTruthy();
  expect(await keysNamed(actor, body.name)).toHaveLength(1);

  // A stored error (the request ran: no such key) replays with the first request's id in its body.
  const missingKey = unique("k");
  const missing = await call("DELETE", "/v1/api_keys/key_01jzzzzzzzzzzzzzzzzzzzzzzz", { key: actor, headers: withKey(missingKey) });
  expect(missing.status).toBe(404);
  const missingAgain = await call("DELETE", "/v1/api_keys/key_01jzzzzzzzzzzzzzzzzzzzzzzz", { key: actor, headers: withKey(missingKey) });
  expect(missingAgain.status).toBe(404);
  expect(missingAgain.headers.get("idempotent-replayed")).toBe("true");
  expect(missingAgain.text).toBe(missing.text);
  expect(missingAgain.body.error.request_id).toBe(missing.headers.get("x-request-id"));
  expect(missingAgain.headers.get("x-request-id")).not.toBe(missing.headers.get("x-request-id"));
});

test("the same key with a different body or path is 422 idempotency_key_mismatch, and runs nothing", async () => {
  const actor = await freshKey();
  const idempotencyKey = unique("k");
  const name = unique("idem-mismatch");
  expect((await call("POST", "/v1/api_keys", { key: actor, body: { name, scope: "read" }, headers: withKey(idempotencyKey) })).status).toBe(201);
  const otherBody = await call("POST", "/v1/api_keys", { key: actor, body: { name: `${name}-2`, scope: "read" }, headers: withKey(idempotencyKey) });
  expect(otherBody.status).toBe(422);
  expect(otherBody.body.error).toMatchObject({ code: "idempotency_key_mismatch", type: "invalid_request_error" });
  const created = await keysNamed(actor, name);
  const otherPath = await call("DELETE", `/v1/api_keys/${created[0].id}`, { key: actor, headers: withKey(idempotencyKey) });
  expect(otherPath.status).toBe(422);
  expect(otherPath.body.error.code).toBe("idempotency_key_mismatch");
  expect(await keysNamed(actor, `${name}-2`)).toHaveLength(0);
  expect(await keysNamed(actor, name)).toHaveLength(1); // not revoked
});

test("invalid keys are 400 invalid_idempotency_key; a 255-character key is fine", async () => {
  const actor = await freshKey();
  for (const bad of ["", "x".repeat(256), "cl\u00e9", "a\tb"]) {
    const name = unique("idem-invalid");
    const res = await call("POST", "/v1/api_keys", { key: actor, body: { name, scope: "read" }, headers: withKey(bad) });
    expect(res.status, JSON.stringify(bad)).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_idempotency_key", type: "invalid_request_error" });
    expect(await keysNamed(actor, name)).toHaveLength(0);
  }
  const longestKey = `${unique("k")}${"x".repeat(255)}`.slice(0, 255);
  const longest = await call("POST", "/v1/api_keys", { key: actor, body: { name: unique("idem-255"), scope: "read" }, headers: withKey(longestKey) });
  expect(longest.status).toBe(201);
});

test("refusals before the request ran store nothing: the corrected retry with the same key runs", async () => {
  const { a } = state();
  const actor = await freshKey();
  const idempotencyKey = unique("k");
  const name = unique("idem-corrected");
  // Validation (inside the handler).
  const invalid = await call("POST", "/v1/api_keys", { key: actor, body: { name, scope: "admin" }, headers: withKey(idempotencyKey) });
  expect(invalid.status).toBe(400);
  expect(invalid.body.error).toMatchObject({ code: "invalid_body", param: "scope" });
  // Scope (in the wrapper): a read key may not mutate.
  const underScoped = await call("POST", "/v1/api_keys", { key: a.readKey, body: { name, scope: "read" }, headers: withKey(idempotencyKey) });
  expect(underScoped.status).toBe(403);
  // Authentication.
  expect((await call("POST", "/v1/api_keys", { key: "swk_nope", body: { name, scope: "read" }, headers: withKey(idempotencyKey) })).status).toBe(401);
  const corrected = await call("POST", "/v1/api_keys", { key: actor, body: { name, scope: "read" }, headers: withKey(idempotencyKey) });
  expect(corrected.status).toBe(201);
  expect(corrected.headers.get("idempotent-replayed")).toBeNull();
  expect(await keysNamed(actor, name)).toHaveLength(1);
});

test("keys are per project: project B reuses A's key independently", async () => {
  const { a, b } = state();
  const idempotencyKey = unique("k");
  const name = unique("idem-project");
  const inA = await call("POST", "/v1/api_keys", { key: a.readWriteKey, body: { name, scope: "read" }, headers: withKey(idempotencyKey) });
  const inB = await call("POST", "/v1/api_keys", { key: b.readWriteKey, body: { name, scope: "read" }, headers: withKey(idempotencyKey) });
  expect(inA.status).toBe(201);
  expect(inB.status).toBe(201);
  expect(inB.headers.get("idempotent-replayed")).toBeNull();
  expect(inB.body.key).toMatch(/^swk_/);
  expect(inB.body.api_key.id).not.toBe(inA.body.api_key.id);
  expect(await keysNamed(a.readWriteKey, name)).toHaveLength(1);
  expect(await keysNamed(b.readWriteKey, name)).toHaveLength(1);
  // B's key with a different body is B's own business, not a mismatch with A's.
  const againInA = await call("POST", "/v1/api_keys", { key: a.readWriteKey, body: { name, scope: "read" }, headers: withKey(idempotencyKey) });
  expect(againInA.body).toEqual({ ...inA.body, key: null });
});

test("DELETE /v1/api_keys/{id} with a key replays 204 (without it, a second revoke is 404)", async () => {
  const actor = await freshKey();
  const created = await call("POST", "/v1/api_keys", { key: actor, body: { name: unique("idem-delete"), scope: "read" } });
  const idempotencyKey = unique("k");
  const path = `/v1/api_keys/${created.body.api_key.id}`;
  const first = await call("DELETE", path, { key: actor, headers: withKey(idempotencyKey) });
  expect(first.status).toBe(204);
  const replay = await call("DELETE", path, { key: actor, headers: withKey(idempotencyKey) });
  expect(replay.status).toBe(204);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.text).toBe("");
  expect((await call("DELETE", path, { key: actor })).status).toBe(404);
});

test("a 5xx is not stored: a generation that failed (502) runs again on retry with the same key, then replays", async () => {
  const { a, upstream } = state();
  const tag = unique("idem-5xx");
  const idempotencyKey = unique("k");
  // Every engine of the scholar chain answers 429 to this tag's first request (no Retry-After:
  // fail over at once; a 429 trips no circuit breaker), so the first try is 502 and the next runs.
  const body = { product: "scholar", prompt: `[[tag ${tag}]] [[fault * status code=429 times=1]] Say hello.` };
  const seen = async () => ((await (await fetch(`${upstream}/__requests?tag=${tag}`)).json()) as unknown[]).length;

  const failed = await call("POST", "/api/public/v1/ai/completions", { key: a.readWriteKey, body, headers: withKey(idempotencyKey) });
  expect(failed.status).toBe(502);
  expect(failed.body.error.code).toBe("upstream_unavailable");
  const afterFailure = await seen();
  expect(afterFailure).toBeGreaterThan(0);

  const retried = await call("POST", "/api/public/v1/ai/completions", { key: a.readWriteKey, body, headers: withKey(idempotencyKey) });
  expect(retried.status).toBe(200);
  expect(retried.headers.get("idempotent-replayed")).toBeNull();
  expect(retried.body.id).toMatch(/^gen_/);
  const afterSuccess = await seen();
  expect(afterSuccess).toBeGreaterThan(afterFailure);

  const replay = await call("POST", "/api/public/v1/ai/completions", { key: a.readWriteKey, body, headers: withKey(idempotencyKey) });
  expect(replay.status).toBe(200);
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body).toEqual(retried.body);
  expect(await seen()).toBe(afterSuccess); // nothing ran twice
});
