// The OpenAPI document and the reference page, served by the running app; and the response
// schemas the document is built from hold for real answers of the running server (on workspace C,
// the one the AI specs charge, so that A's and B's balances move for nothing here).
import { expect, test } from "@playwright/test";
import type { z } from "zod";
import { anthropicModelList, countTokensResponse, messageResponse } from "@/server/ai/anthropic-schema";
import { chatCompletionResponse, modelListResponse } from "@/server/ai/openai-schema";
import { responseObject } from "@/server/ai/responses-schema";
import { generationDeltaEvent, generationDoneEvent, generationResponse, productListResponse } from "@/server/ai/schema";
import { auditEventList } from "@/server/audit/schema";
import { billingSummaryResponse, transactionList, usageResponse } from "@/server/billing/schema";
import { domainList, domainResponse, recordList, recordResponse } from "@/server/cloud/domains/schema";
import {
  actionList,
  actionResponse,
  backupList,
  catalogResponse,
  instanceList,
  instanceResponse,
  instanceWorkResponse,
  snapshotList,
  snapshotResponse,
  snapshotWorkResponse,
} from "@/server/cloud/instances/schema";
import { sshKeyList, sshKeyResponse } from "@/server/cloud/ssh-keys/schema";
import { errorEnvelope } from "@/server/wire/schema";
import { apiKeyList, createdKeyResponse } from "@/server/keys/schema";
import { aiKey, expectOneTerminal, generate, generateStream, prompt, whenTried } from "../fixtures/ai";
import { call } from "../fixtures/api";
import { newSshKey, openSshKey, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

test("GET /api/openapi.json answers the OpenAPI 3.1 document as JSON, without a key", async () => {
  const response = await fetch(`${state().baseURL}/api/openapi.json`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/public/v1/ai/completions", "/v1/instances/{id}"]));
  expect(document.paths["/v1/instances"].post["x-required-scope"]).toBe("read_write");
});

test("GET /docs renders the reference from the document, loading nothing from elsewhere", async () => {
  const response = await fetch(`${state().baseURL}/docs`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await response.text();
  for (const text of ["Switchyard API", "AI API", "Cloud API", "/api/public/v1/ai/completions", "/v1/instances/{id}/actions", "Create an instance", "read_write", "text/event-stream", "insufficient_scope", "Idempotency-Key"]) {
    expect(html, text).toContain(text);
  }
  expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="(https?:)?\/\//);
});

function holds<S extends z.ZodType>(schema: S, body: unknown, what: string) {
  const parsed = schema.safeParse(body);
  expect(parsed.success, `${what}: ${parsed.error?.message}\n${JSON.stringify(body)}`).toBe(true);
}

test("keyed reads and creations answer what their response schemas say", async () => {
  const key = state().c.readWriteKey;
  const reads: [string, z.ZodType][] = [
    ["/v1/billing", billingSummaryResponse],
    ["/v1/billing/transactions", transactionList],
    ["/v1/api_keys", apiKeyList],
    ["/v1/catalog", catalogResponse],
    ["/v1/instances", instanceList],
    ["/v1/snapshots", snapshotList],
    ["/v1/ssh_keys", sshKeyList],
    ["/v1/domains", domainList],
    ["/v1/audit_events", auditEventList],
    ["/api/public/v1/usage", usageResponse],
    ["/api/public/v1/openai/models", modelListResponse],
    ["/api/public/v1/anthropic/v1/models", anthropicModelList],
    ["/api/public/v1/ai/products", productListResponse],
  ];
  for (const [path, schema] of reads) {
    const res = await call("GET", path, { key });
    expect(res.status, path).toBe(200);
    holds(schema, res.body, path);
  }
  const apiKey = await call("POST", "/v1/api_keys", { key, body: { name: "openapi spec", scope: "read" } });
  expect(apiKey.status).toBe(201);
  holds(createdKeyResponse, apiKey.body, "POST /v1/api_keys");
  const sshKey = await call("POST", "/v1/ssh_keys", { key, body: { name: "openapi spec", public_key: openSshKey() } });
  expect(sshKey.status, sshKey.text).toBe(201);
  holds(sshKeyResponse, sshKey.body, "POST /v1/ssh_keys");
  const domain = `openapi-${Date.now()}.example.com`;
  const zone = await call("POST", "/v1/domains", { key, body: { name: domain } });
  expect(zone.status, zone.text).toBe(201);
  holds(domainResponse, zone.body, "POST /v1/domains");
  const record = await call("POST", `/v1/domains/${domain}/records`, { key, body: { type: "MX", name: "@", value: `mail.${domain}`, priority: 10 } });
  expect(record.status, record.text).toBe(201);
  holds(recordResponse, record.body, "POST records");
  holds(recordList, (await call("GET", `/v1/domains/${domain}/records`, { key })).body, "GET records");
  holds(errorEnvelope, (await call("GET", "/v1/instances/ins_nope", { key })).body, "404");
  holds(errorEnvelope, (await call("GET", "/v1/billing")).body, "401");
});

test("generation answers what its response schemas say, as JSON and as events", async () => {
  // The circuit breakers are shared with the failure specs: scholar's first family is healed
  // before each run (whenTried), so a circuit another spec opened does not turn this into a 502.
  const key = await aiKey();
  const { result: json } = await whenTried("openapi-json", ["vendorx"], (tag) => generate(key, { prompt: prompt(tag) }));
  expect(json.status, json.text).toBe(200);
  holds(generationResponse, json.body, "generation");

  const { result: events } = await whenTried("openapi-sse", ["vendorx"], (tag) => generateStream(key, { prompt: prompt(tag) }));
  expect(events.status).toBe(200);
  const done = expectOneTerminal(events.events, "done");
  for (const event of events.events.slice(0, -1)) holds(generationDeltaEvent, event.json, "delta");
  holds(generationDoneEvent, done.json, "done");

  const { result: chat } = await whenTried("openapi-chat", ["vendorx"], (tag) =>
    call("POST", "/api/public/v1/openai/chat/completions", { key, body: { model: "scholar", messages: [{ role: "user", content: prompt(tag) }] } }),
  );
  expect(chat.status, chat.text).toBe(200);
  holds(chatCompletionResponse, chat.body, "chat.completion");

  const { result: response } = await whenTried("openapi-responses", ["vendorx"], (tag) =>
    call("POST", "/api/public/v1/openai/responses", { key, body: { model: "scholar", input: prompt(tag) } }),
  );
  expect(response.status, response.text).toBe(200);
  holds(responseObject, response.body, "response");
  const anthropic = (tag: string) => ({ model: "scholar", max_tokens: 200, messages: [{ role: "user", content: prompt(tag) }] });
  const { result: message } = await whenTried("openapi-anthropic", ["vendorx"], (tag) => call("POST", "/api/public/v1/anthropic/v1/messages", { key, body: anthropic(tag) }));
  expect(message.status, message.text).toBe(200);
  holds(messageResponse, message.body, "message");
  const counted = await call("POST", "/api/public/v1/anthropic/v1/messages/count_tokens", { key, body: { model: "scholar", messages: [{ role: "user", content: "hello" }] } });
  holds(countTokensResponse, counted.body, "count_tokens");
});

test("an instance's life answers what the instance, action and snapshot schemas say", async () => {
  // Workspace A, like the instance specs: its compute charges move no AI balance check.
  const key = state().a.readWriteKey;
  const ssh_key_id = await newSshKey(key);
  const created = await call("POST", "/v1/instances", {
    key,
    body: { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id, hostname: `openapi-${Date.now() % 100000}` },
  });
  expect(created.status, created.text).toBe(202);
  holds(instanceWorkResponse, created.body, "POST /v1/instances");
  const id = created.body.instance.id;
  holds(instanceResponse, await waitForStatus(key, id, "running").then((instance) => ({ instance })), "running instance");

  const off = await call("POST", `/v1/instances/${id}/actions`, { key, body: { type: "power_off" } });
  expect(off.status, off.text).toBe(202);
  holds(actionResponse, off.body, "POST actions");
  holds(actionResponse, (await call("GET", `/v1/actions/${off.body.action.id}`, { key })).body, "GET /v1/actions/{id}");
  await waitForStatus(key, id, "stopped");

  const snapshot = await call("POST", `/v1/instances/${id}/snapshots`, { key, body: {} });
  expect(snapshot.status, snapshot.text).toBe(202);
  holds(snapshotWorkResponse, snapshot.body, "POST snapshots");
  holds(snapshotResponse, (await call("GET", `/v1/snapshots/${snapshot.body.snapshot.id}`, { key })).body, "GET /v1/snapshots/{id}");
  holds(backupList, (await call("GET", `/v1/instances/${id}/backups`, { key })).body, "GET backups");
  holds(actionList, (await call("GET", `/v1/instances/${id}/actions`, { key })).body, "GET /v1/instances/{id}/actions");
  await waitForStatus(key, id, "stopped");

  const deleted = await call("DELETE", `/v1/instances/${id}`, { key });
  expect(deleted.status, deleted.text).toBe(202);
  holds(instanceResponse, deleted.body, "DELETE /v1/instances/{id}");
});

test("GET /api/openapi.json believes X-Forwarded-Host/-Proto only from a trusted proxy, and is never cached", async () => {
  const base = state().baseURL;
  const forged = await fetch(`${base}/api/openapi.json`, { headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" } });
  expect(forged.status).toBe(200);
  expect(forged.headers.get("cache-control")).toBe("no-store");
  const document = await forged.json();
  expect(document.servers).toEqual([{ url: base }]);
});
