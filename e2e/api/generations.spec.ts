// The activity of a project's generations: three generations of one key (a JSON answer, a streamed
// one, one where every engine failed) are listed with the figures their answers carried, filtered
// by key, product, status and time, never with their prompt or output, and no other project sees them.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { deltaText, expectOneTerminal, generate, generateStream, newTag, prompt } from "../fixtures/ai";
import { state } from "../fixtures/state";

type Activity = {
  id: string; created_at: string; product: string; endpoint: string; door: string; key: { id: string; name: string } | null;
  status: string; error_code: string | null; finish_reason: string | null;
  usage: { input_tokens: number; output_tokens: number; credits: number };
  latency_ms: number | null; first_token_ms: number | null; routing: { reason: string | null; attempts: number; escalated: boolean };
};

const list = async (key: string, query = "") => {
  const res = await call("GET", `/api/public/v1/generations${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { generations: Activity[]; next_cursor: string | null };
};

test("three generations of a key: listed with their answers' figures, filtered, never their text, invisible to another project", async () => {
  const workspace = state().c;
  const name = newTag("activity");
  const made = await call("POST", "/v1/api_keys", { key: workspace.readWriteKey, body: { name, scope: "read_write" } });
  expect(made.status).toBe(201);
  const key = made.body.key as string;
  const keyId = made.body.api_key.id as string;
  const secret = `secret-${newTag("words")}`;

  const answered = await generate(key, { prompt: prompt(newTag("json"), "words 12") + ` ${secret}`, product: "scholar" });
  expect(answered.status, answered.text).toBe(200);
  const streamed = await generateStream(key, { prompt: prompt(newTag("sse"), "words 12") + ` ${secret}`, product: "fire" });
  const done = expectOneTerminal(streamed.events, "done").json;
  const failed = await generate(key, { prompt: prompt(newTag("down"), "fault * status code=503") + ` ${secret}` }, "code");
  expect(failed.status).toBe(502);

  const { generations, next_cursor } = await list(workspace.readKey, `?key_id=${keyId}`);
  expect(next_cursor).toBeNull();
  expect(generations).toHaveLength(3);
  const [third, second, first] = generations;
  expect(first).toMatchObject({
    id: answered.body.id, product: "scholar", endpoint: "completions", door: "native", key: { id: keyId, name }, status: "completed", error_code: null,
    finish_reason: answered.body.finish_reason, usage: answered.body.usage, routing: answered.body.routing,
  });
  expect(first.latency_ms).toBeGreaterThan(0);
  expect(first.first_token_ms).toBeGreaterThan(0);
  expect(first.first_token_ms!).toBeLessThanOrEqual(first.latency_ms!);
  expect(second).toMatchObject({ id: done.id, product: "fire", door: "native", status: "completed", usage: done.usage, routing: { reason: done.routing.reason } });
  expect(second.usage.output_tokens).toBeGreaterThan(0);
  expect(deltaText(streamed.events).length).toBeGreaterThan(0);
  expect(second.first_token_ms).not.toBeNull();
  expect(third).toMatchObject({
    id: expect.stringMatching(/^gen_[0-9a-z]{26}$/), product: "scholar", endpoint: "code", status: "failed", error_code: "upstream_unavailable",
    finish_reason: null, usage: { input_tokens: 0, output_tokens: 0, credits: 0 }, first_token_ms: null, routing: { escalated: true },
  });
  expect(third.routing.attempts).toBeGreaterThan(1);

  // One by one, the same objects; the prompt and the output appear nowhere.
  for (const generation of generations) {
    const one = await call("GET", `/api/public/v1/generations/${generation.id}`, { key: workspace.readKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(generation);
    expect(one.text).not.toContain(secret);
  }
  expect(JSON.stringify(generations)).not.toContain(answered.body.output.slice(0, 20));

  // Filters, alone and together.
  const ids = async (query: string) => (await list(workspace.readKey, `?key_id=${keyId}&${query}`)).generations.map((g) => g.id);
  expect(await ids("product=fire")).toEqual([second.id]);
  expect(await ids("status=failed")).toEqual([third.id]);
  expect(await ids("status=completed&product=scholar")).toEqual([first.id]);
  expect(await ids(`since=${first.created_at}`)).toEqual([third.id, second.id, first.id]);
  expect(await ids(`until=${encodeURIComponent(new Date(Date.parse(first.created_at) - 60_000).toISOString())}`)).toEqual([]);
  expect(await ids(`since=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
  expect(await ids(`since=${first.created_at.slice(0, 10)}&until=${third.created_at.slice(0, 10)}`)).toHaveLength(3);
  const page = await list(workspace.readKey, `?key_id=${keyId}&limit=2`);
  expect(page.generations.map((g) => g.id)).toEqual([third.id, second.id]);
  expect((await list(workspace.readKey, `?key_id=${keyId}&limit=2&cursor=${page.next_cursor}`)).generations.map((g) => g.id)).toEqual([first.id]);

  // Another project (another workspace's key) sees none of them.
  const other = state().b.readKey;
  expect((await list(other, "?limit=100")).generations.map((g) => g.id)).not.toContain(first.id);
  expect((await list(other, `?key_id=${keyId}`)).generations).toEqual([]);
  for (const generation of generations) {
    const res = await call("GET", `/api/public/v1/generations/${generation.id}`, { key: other });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "not_found" });
    expect(res.text).not.toContain(keyId);
  }
});

test("a bad filter is 400 invalid_body naming it; writing needs no more than a read key, and other methods are 405", async () => {
  const key = state().c.readKey;
  for (const [query, param] of [
    ["status=done", "status"],
    ["product=gpt", "product"],
    ["key_id=nope", "key_id"],
    ["since=yesterday", "since"],
    ["until=2026-13-45T99:00:00Z", "until"],
    ["since=2026-11-27&until=2026-11-01", "until"],
    ["limit=0", "limit"],
    ["cursor=abc", "cursor"],
    ["prompt=x", "prompt"],
  ] as const) {
    const res = await call("GET", `/api/public/v1/generations?${query}`, { key });
    expect(res.status, query).toBe(400);
    expect(res.body.error, query).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param });
    expect(res.body.error.request_id).toMatch(/^req_/);
  }
  expect((await call("GET", "/api/public/v1/generations/gen_01jd0v6x4m8q2r5t7w9y1b3c5e", { key })).status).toBe(404);
  expect((await call("POST", "/api/public/v1/generations", { key: state().c.readWriteKey, body: {} })).status).toBe(405);
  expect((await call("GET", "/api/public/v1/generations")).status).toBe(401);
});
