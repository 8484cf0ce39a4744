// Per-key rate limits: IETF headers on every keyed response, 429 with Retry-After past the limit,
// and one key's bucket never touches another's.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

// The starter tier's api bucket (server/billing/tiers.ts), as the policy header states it.
const STARTER_API_LIMIT = 1000;

function remaining(header: string | null): number {
  const match = /"api";r=(\d+);t=(\d+)/.exec(header ?? "");
  if (!match) throw new Error(`no api RateLimit header in ${header}`);
  return Number(match[1]);
}

test("every keyed response carries RateLimit-Policy and RateLimit; remaining goes down", async () => {
  const { key } = (await call("POST", "/v1/api_keys", { key: state().b.readWriteKey, body: { name: "headers", scope: "read" } })).body;
  const first = await call("GET", "/v1/api_keys", { key });
  const second = await call("GET", "/v1/api_keys", { key });
  expect(first.headers.get("ratelimit-policy")).toBe(`"api";q=${STARTER_API_LIMIT};w=60`);
  expect(remaining(first.headers.get("ratelimit"))).toBe(STARTER_API_LIMIT - 1);
  expect(remaining(second.headers.get("ratelimit"))).toBe(STARTER_API_LIMIT - 2);
  // Errors after authentication carry them too.
  const invalid = await call("GET", "/v1/api_keys?limit=1000", { key });
  expect(invalid.status).toBe(400);
  expect(remaining(invalid.headers.get("ratelimit"))).toBe(STARTER_API_LIMIT - 3);
});

test("past the limit: 429 rate_limited with Retry-After, other keys unaffected", async () => {
  const { key } = (await call("POST", "/v1/api_keys", { key: state().b.readWriteKey, body: { name: "flood", scope: "read" } })).body;
  const statuses: number[] = [];
  for (let sent = 0; sent < STARTER_API_LIMIT; sent += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => call("GET", "/v1/api_keys?limit=1", { key })));
    statuses.push(...batch.map((r) => r.status));
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(STARTER_API_LIMIT);
  const limited = await call("GET", "/v1/api_keys", { key });
  expect(limited.status).toBe(429);
  expect(limited.body.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
  const retryAfter = Number(limited.headers.get("retry-after"));
  const reset = Number(/t=(\d+)/.exec(limited.headers.get("ratelimit") ?? "")?.[1]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeGreaterThanOrEqual(reset);
  expect(limited.body.error.retry_after).toBe(retryAfter);
  expect(remaining(limited.headers.get("ratelimit"))).toBe(0);
  expect((await call("GET", "/v1/api_keys", { key: state().b.readKey })).status).toBe(200);
});
