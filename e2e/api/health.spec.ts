// Health and readiness for load balancers (README "Run it in production"): no key, JSON, answered by the
// running server; readiness names the database and Redis.
import { expect, test } from "@playwright/test";
import { state } from "../fixtures/state";

test("GET /api/health answers 200 ok without a key", async () => {
  const res = await fetch(`${state().baseURL}/api/health`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(await res.json()).toEqual({ status: "ok" });
});

test("GET /api/ready answers ready with the database reachable", async () => {
  const res = await fetch(`${state().baseURL}/api/ready`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body).toEqual({ status: "ready", database: "ok", redis: process.env.REDIS_URL ? "ok" : "absent" });
});

test("HEAD works on both; other methods are a JSON 405", async () => {
  for (const path of ["/api/health", "/api/ready"]) {
    expect((await fetch(`${state().baseURL}${path}`, { method: "HEAD" })).status).toBe(200);
    const post = await fetch(`${state().baseURL}${path}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await post.json()).error.code).toBe("method_not_allowed");
  }
});
