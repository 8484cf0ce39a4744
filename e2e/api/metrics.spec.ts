// GET /api/metrics (README "Run it in production"): Prometheus text behind METRICS_TOKEN, on a server of
// its own (the suite's server has no token: there the route answers 404). After traffic the counters of
// that traffic are non-zero, and no label carries a prompt, a key or a model name.
import { expect, test } from "@playwright/test";
import { LEAK_WORDS } from "../fixtures/families";
import { state } from "../fixtures/state";
import { drillAccount } from "../fixtures/drill";
import { api, ownDatabase, ownServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 41;
const TOKEN = "metrics-token-for-the-spec-0123456789";

test("without METRICS_TOKEN the route answers 404", async () => {
  const res = await fetch(`${state().baseURL}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(404);
  expect((await res.json()).error.code).toBe("not_found");
});

test("with METRICS_TOKEN: 401 without or with a wrong token; after traffic, its counters in Prometheus text", async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("metrics");
  const env: Record<string, string> = { ...database.env, METRICS_TOKEN: TOKEN, LOG_LEVEL: "warn" };
  const { key } = drillAccount(env, "metrics");
  const server = ownServer(PORT, env, "metrics.log");
  try {
    await server.start();
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`]) {
      const res = await fetch(`${server.base}/api/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      const body = await res.json();
      expect(body.error).toMatchObject({ type: "authentication_error", code: "invalid_credentials" });
    }

    const secretPrompt = "[[words 12]] The secret walrus sings at dawn.";
    for (let i = 0; i < 3; i++) {
      expect((await api(server.base, "POST", "/api/public/v1/ai/completions", key, { product: "scholar", prompt: secretPrompt })).status).toBe(200);
      expect((await api(server.base, "GET", "/v1/api_keys?limit=1", key)).status).toBe(200);
    }
    expect((await api(server.base, "GET", "/v1/api_keys?limit=1", "swk_not_a_key")).status).toBe(401);

    const res = await fetch(`${server.base}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const value = (pattern: RegExp) => {
      const line = text.split("\n").find((l) => !l.startsWith("#") && pattern.test(l));
      return line ? Number(line.trim().split(/\s+/).pop()) : NaN;
    };
    expect(value(/^switchyard_http_requests_total\{.*route="\/api\/public\/v1\/ai\/completions".*status="200"/)).toBeGreaterThanOrEqual(3);
    expect(value(/^switchyard_http_requests_total\{.*route="\/v1\/api_keys".*status="200"/)).toBeGreaterThanOrEqual(3);
    expect(value(/^switchyard_http_requests_total\{.*route="\/v1\/api_keys".*status="401"/)).toBeGreaterThanOrEqual(1);
    expect(value(/^switchyard_http_request_duration_seconds_count\{.*route="\/api\/public\/v1\/ai\/completions"/)).toBeGreaterThanOrEqual(3);
    expect(value(/^switchyard_generation_duration_seconds_count\{.*product="scholar"/)).toBeGreaterThanOrEqual(3);
    expect(value(/^switchyard_generation_first_token_seconds_count\{.*product="scholar"/)).toBeGreaterThanOrEqual(0);
    expect(value(/^switchyard_upstream_attempts_total\{/)).toBeGreaterThanOrEqual(3);
    expect(value(/^switchyard_credits_charged_total\{.*product="scholar"/)).toBeGreaterThan(0);
    const gauges = ["switchyard_open_streams", "switchyard_jobs_pending", "switchyard_webhook_deliveries_pending", "switchyard_webhook_delivery_oldest_pending_seconds"];
    // Present where there is something to report: a PostgreSQL pool, a Redis.
    if (process.env.DATABASE_URL) gauges.push("switchyard_database_pool_connections");
    if (process.env.REDIS_URL) gauges.push("switchyard_redis_reachable");
    for (const gauge of gauges) expect(text, gauge).toMatch(new RegExp(`^${gauge}(\\{[^}]*\\})? `, "m"));
    if (process.env.REDIS_URL) expect(value(/^switchyard_redis_reachable /)).toBe(1);
    expect(text).toMatch(/^process_cpu_seconds_total /m);
    // The event-loop watchdog measures every 50 ms from the start (issue 38).
    expect(value(/^switchyard_event_loop_lag_seconds_count /)).toBeGreaterThan(0);
    // Operator configuration (family ids) may appear; models, prompts and keys never.
    const models = LEAK_WORDS.filter((w) => /\d/.test(w));
    for (const word of [...models, "walrus", key, key.slice(0, 12)]) expect(text.toLowerCase(), word).not.toContain(word.toLowerCase());
  } finally {
    await server.stop();
    await database.drop();
  }
});
