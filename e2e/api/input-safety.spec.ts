// Input no database or walk can take is refused at the door, by name, in the contract's error
// shape: a lone UTF-16 surrogate (PostgreSQL's json refuses it: a generation's settlement failed
// after its answer streamed, and webhook descriptions and playground starts were 500s), JSON
// nested thousands deep (a stack overflow, 500), and image URLs of any scheme but https and
// data:image/ on the OpenAI door.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { aiKey } from "../fixtures/ai";
import { send, sessionOf } from "../fixtures/console-session";
import { state } from "../fixtures/state";

const LONE = "\udfff";

test("a lone surrogate in metadata is refused on both doors, naming the field, and nothing is charged", async () => {
  const key = await aiKey();
  const before = (await call("GET", "/v1/billing", { key: state().c.readKey })).body;
  const native = await call("POST", "/api/public/v1/ai/completions", { key, body: { prompt: "hello", metadata: { team: `a${LONE}b` } } });
  expect(native.status, native.text).toBe(400);
  expect(native.body.error).toMatchObject({ type: "invalid_request_error", code: "invalid_body", param: "metadata.team" });
  expect(native.body.error.message).toContain("surrogate");
  const openai = await call("POST", "/api/public/v1/openai/chat/completions", {
    key,
    body: { model: "scholar", messages: [{ role: "user", content: "hello" }], metadata: { [`k${LONE}`]: "v" } },
  });
  expect(openai.status, openai.text).toBe(400);
  expect(openai.body.error).toMatchObject({ code: "invalid_body", param: `metadata.k${LONE}` });
  const after = (await call("GET", "/v1/billing", { key: state().c.readKey })).body;
  expect(after.reserved).toBe(before.reserved);
});

test("a lone surrogate in a webhook description is a 400 naming it, not a 500", async () => {
  const key = state().a.readWriteKey;
  const hook = await call("POST", "/v1/webhooks", { key, body: { url: "https://93.184.216.34/hook", events: ["*"], description: `x${LONE}` } });
  expect(hook.status, hook.text).toBe(400);
  expect(hook.body.error).toMatchObject({ code: "invalid_body", param: "description" });
});

test("JSON nested 10,000 and 100,000 deep is a 400 naming where, on REST, the AI door and tRPC", async () => {
  for (const depth of [10_000, 100_000]) {
    const deep = "[".repeat(depth) + "]".repeat(depth);
    const rest = await call("POST", "/v1/api_keys", { key: state().a.readWriteKey, rawBody: `{"name":"deep","scope":"read","x":${deep}}`, headers: { "content-type": "application/json" } });
    expect(rest.status, rest.text.slice(0, 300)).toBe(400);
    expect(rest.body.error).toMatchObject({ code: "invalid_body", param: "x.0.0.0.0.0.0.0.…" });
    expect(rest.body.error.message).toContain("nested more than 64 levels");
    const ai = await call("POST", "/api/public/v1/ai/completions", { key: state().c.readWriteKey, rawBody: `{"prompt":"hi","metadata":${deep}}`, headers: { "content-type": "application/json" } });
    expect(ai.status, ai.text.slice(0, 300)).toBe(400);
    expect(ai.body.error.code).toBe("invalid_body");
  }
  const cookie = await sessionOf(state().a.email, state().a.password);
  const deep = "[".repeat(20_000) + "]".repeat(20_000);
  const trpc = await call("POST", "/api/trpc/projects.create", { rawBody: `{"json":{"name":"deep","x":${deep}}}`, headers: { cookie, "content-type": "application/json" } });
  expect(trpc.status, trpc.text.slice(0, 300)).toBe(400);
  expect(trpc.body.error.json.data).toMatchObject({ code: "BAD_REQUEST", appCode: "invalid_body" });
});

test("a lone surrogate in a console call is refused like on REST (the tRPC error shape, naming the field)", async () => {
  const cookie = await sessionOf(state().a.email, state().a.password);
  const answer = await send("POST", "/api/trpc/playground.start", {
    cookies: [cookie],
    json: { json: { projectId: state().a.projectId, endpoint: "completions", request: { prompt: `hi ${LONE}` } } },
  });
  expect(answer.status, answer.text).toBe(400);
  const error = JSON.parse(answer.text).error.json;
  expect(error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "invalid_body", param: "request.prompt" });
  expect(error.message).toContain("surrogate");
});

test("the OpenAI door takes image URLs only as https:// or data:image/, like the native door", async () => {
  const key = await aiKey();
  for (const url of ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.5:8080/admin", "file:///etc/passwd", "ftp://example.com/cat.png"]) {
    const openai = await call("POST", "/api/public/v1/openai/chat/completions", {
      key,
      body: { model: "vision", messages: [{ role: "user", content: [{ type: "text", text: "what is this" }, { type: "image_url", image_url: { url } }] }] },
    });
    expect(openai.status, `${url}: ${openai.text}`).toBe(400);
    expect(openai.body.error).toMatchObject({ code: "invalid_body", param: "messages.0.content.1.image_url.url" });
    const native = await call("POST", "/api/public/v1/ai/completions", {
      key,
      body: { product: "vision", messages: [{ role: "user", content: [{ type: "text", text: "what is this" }, { type: "image", url }] }] },
    });
    expect(native.status, `${url}: ${native.text}`).toBe(400);
    expect(native.body.error).toMatchObject({ code: "invalid_body", param: "messages.0.content.1.url" });
  }
});
