// Test events are bounded per endpoint (5 a minute), through either door: the REST answer is
// 429 rate_limited in the contract's shape with Retry-After, the console's a tRPC error that says
// when to retry. Workspace B's endpoints, which no other spec pings.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { send, sessionOf } from "../fixtures/console-session";
import { refusingUrl } from "../fixtures/receiver";
import { state } from "../fixtures/state";

async function newWebhook(key: string) {
  const res = await call("POST", "/v1/webhooks", { key, body: { url: await refusingUrl(), events: ["instance.*"] } });
  expect(res.status, res.text).toBe(201);
  return res.body.webhook.id as string;
}

test("the 6th test event a minute to one endpoint is 429 rate_limited with Retry-After", async () => {
  const key = state().b.readWriteKey;
  const id = await newWebhook(key);
  for (let i = 0; i < 5; i++) expect((await call("POST", `/v1/webhooks/${id}/ping`, { key })).status).toBe(202);
  const refused = await call("POST", `/v1/webhooks/${id}/ping`, { key });
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.body.error).toMatchObject({
    code: "rate_limited",
    retry_after: retryAfter,
    message: `Too many test events: one endpoint may get 5 a minute. Retry after ${retryAfter} s.`,
    request_id: expect.any(String),
  });
  const log = await call("GET", `/v1/webhooks/${id}/deliveries`, { key });
  expect(log.body.deliveries).toHaveLength(5); // the refused one queued nothing
});

test("the console's test event is limited the same way, its error saying when to retry", async () => {
  const b = state().b;
  const id = await newWebhook(b.readWriteKey);
  const cookie = await sessionOf(b.email, b.password);
  const ping = () => send("POST", "/api/trpc/webhooks.ping", { cookies: [cookie], json: { json: { projectId: b.projectId, id } } });
  for (let i = 0; i < 5; i++) expect((await ping()).status).toBe(200);
  const refused = await ping();
  expect(refused.status).toBe(429);
  const error = JSON.parse(refused.text).error.json;
  expect(error.message).toMatch(/^Too many test events: one endpoint may get 5 a minute\. Retry after \d+ s\.$/);
  expect(error.data).toMatchObject({ appCode: "rate_limited", retryAfter: expect.any(Number) });
  expect(error.data.retryAfter).toBeGreaterThanOrEqual(1);
});
