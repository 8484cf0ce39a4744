// The shared security spec: every keyed route that exists refuses a missing, malformed,
// checksum-failed, revoked and under-scoped key, and refuses the malformed ones without reading
// the database (the request's log line counts its database operations).
import { expect, test } from "@playwright/test";
import { call, errorOf, logLines } from "../fixtures/api";
import { keyedRoutes } from "../fixtures/routes";
import { state } from "../fixtures/state";

const routes = keyedRoutes();

function badChecksum(key: string): string {
  const last = key.at(-1) === "A" ? "B" : "A";
  return key.slice(0, -1) + last;
}

test("the route list is not empty and includes the key routes", () => {
  expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["GET /v1/api_keys", "POST /v1/api_keys"]));
});

let revokedKey: string;
test.beforeAll(async () => {
  const created = await call("POST", "/v1/api_keys", { key: state().a.readWriteKey, body: { name: "to revoke", scope: "read_write" } });
  expect(created.status).toBe(201);
  revokedKey = created.body.key;
  expect((await call("GET", "/v1/api_keys", { key: revokedKey })).status).toBe(200);
  expect((await call("DELETE", `/v1/api_keys/${created.body.api_key.id}`, { key: state().a.readWriteKey })).status).toBe(204);
});

for (const route of routes) {
  test.describe(`${route.method} ${route.path}`, () => {
    test("no Authorization header → 401 missing_api_key", async () => {
      const res = await call(route.method, route.path, { body: route.method === "GET" ? undefined : {} });
      expect(res.status).toBe(401);
      expect(errorOf(res.body)).toMatchObject({ type: "authentication_error", code: "missing_api_key" });
      expect(errorOf(res.body).request_id).toBe(res.headers.get("x-request-id"));
    });

    for (const [label, header] of [
      ["Basic credentials", () => "Basic x"],
      ["an empty bearer", () => "Bearer "],
      ["a random string", () => "Bearer not-a-key-at-all"],
      ["a good-looking key with a bad checksum", () => `Bearer ${badChecksum(state().a.readWriteKey)}`],
    ] as const) {
      test(`${label} → 401 invalid_api_key without a database read`, async () => {
        const res = await call(route.method, route.path, { headers: { authorization: header() } });
        expect(res.status).toBe(401);
        expect(errorOf(res.body).code).toBe("invalid_api_key");
        const [line] = (await logLines(errorOf(res.body).request_id)).filter((l) => l.msg === "request");
        expect(line).toMatchObject({ status: 401, db_operations: 0 });
      });
    }

    test("a revoked key → 401 invalid_api_key", async () => {
      const res = await call(route.method, route.path, { key: revokedKey });
      expect(res.status).toBe(401);
      expect(errorOf(res.body).code).toBe("invalid_api_key");
    });

    if (route.scope === "read_write") {
      test("a read key → 403 insufficient_scope", async () => {
        const res = await call(route.method, route.path, { key: state().a.readKey, body: {} });
        expect(res.status).toBe(403);
        expect(errorOf(res.body)).toMatchObject({ type: "permission_error", code: "insufficient_scope", required_scope: "read_write" });
      });
    } else {
      test("a read key is accepted (not 401/403)", async () => {
        const res = await call(route.method, route.path, { key: state().a.readKey });
        expect([401, 403]).not.toContain(res.status);
      });
    }
  });
}
