// One request must never freeze every tenant (issue 38). The server is one event loop: each input
// below once made it compute for seconds to minutes (a backtracking pattern, a sandbox answer of a
// million characters, a long run tokenized whole, schemas compiled before any check, JSON nested
// 100,000 deep...). Here the worst case each limit allows is sent on every door while another
// client calls /api/health, on a server of this spec's own whose engines are the built-in sandbox:
// the bad request must be answered or refused in the contract's shape, and health answered.
//
// Time bounds (the one place a test may bound time, README "Limits"): the bad request and each
// health call meanwhile get 10× what a normal request on the same door took here just before (the
// issue's "10× a normal answer"), the bad request at least 8 s (a schema may take its whole 5 s
// SCHEMA_WORK_TIMEOUT_MS on the schema engine's thread, which holds nobody else) and health at
// least 2 s. Generous on purpose: this machine's 2 cores are shared with the other worker's specs,
// a browser and several servers (load average over 20 was seen), and there the suite's own server
// showed the loop late by up to 2.3 s on ordinary specs; every unbounded case of the review held
// the loop from 5 s to minutes, so the bound measured against this moment's normal separates
// "bounded" from "not", never a slow machine from a fast one. Each case prints its figures.
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { admin, ownDatabase, ownServer, type OwnServer } from "../fixtures/own-server";
import { shippedFamilies } from "../fixtures/sandbox-server";
import { STATE_DIR } from "../fixtures/state";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 52;
test.describe.configure({ mode: "serial", timeout: 600_000 });

type Door = "native" | "openai" | "responses" | "anthropic";
const PATHS: Record<Door, string> = {
  native: "/api/public/v1/ai/completions",
  openai: "/api/public/v1/openai/chat/completions",
  responses: "/api/public/v1/openai/responses",
  anthropic: "/api/public/v1/anthropic/v1/messages",
};
const DOORS = Object.keys(PATHS) as Door[];

let server: OwnServer;
let drop: () => Promise<void>;
let key = "";
const normalMs: Partial<Record<Door, number>> = {};
let healthMs = 0;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The request as each door's client writes it: `prompt` text, and the door's own fields. */
function body(door: Door, fields: { prompt?: string; messages?: unknown[]; schema?: Record<string, unknown>; tools?: Tool[]; strictChoice?: string; stop?: string[]; maxTokens?: number; product?: string; images?: string[] }): unknown {
  const prompt = fields.prompt ?? "Explain B-trees briefly.";
  const product = fields.product ?? "scholar";
  const maxTokens = fields.maxTokens ?? 256;
  const images = fields.images ?? [];
  const strict = fields.tools?.map((t) => ({ ...t, strict: t.strict ?? false })) ?? [];
  switch (door) {
    case "native":
      return {
        product, max_output_tokens: maxTokens,
        ...(images.length ? { messages: [{ role: "user", content: [{ type: "text", text: prompt }, ...images.map((url) => ({ type: "image", url }))] }] } : fields.messages ? { messages: fields.messages } : { prompt }),
        ...(fields.schema ? { response_format: { type: "json_schema", json_schema: { name: "answer", schema: fields.schema } } } : {}),
        ...(strict.length ? { tools: strict.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters, strict: t.strict } })) } : {}),
        ...(fields.strictChoice ? { tool_choice: { type: "function", function: { name: fields.strictChoice } } } : {}),
      };
    case "openai":
      return {
        model: product, max_tokens: maxTokens,
        messages: fields.messages ?? [{ role: "user", content: images.length ? [{ type: "text", text: prompt }, ...images.map((url) => ({ type: "image_url", image_url: { url } }))] : prompt }],
        ...(fields.schema ? { response_format: { type: "json_schema", json_schema: { name: "answer", schema: fields.schema } } } : {}),
        ...(strict.length ? { tools: strict.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters, strict: t.strict } })) } : {}),
        ...(fields.strictChoice ? { tool_choice: { type: "function", function: { name: fields.strictChoice } } } : {}),
        ...(fields.stop ? { stop: fields.stop } : {}),
      };
    case "responses":
      return {
        model: product, max_output_tokens: maxTokens,
        input: fields.messages ?? (images.length ? [{ role: "user", content: [{ type: "input_text", text: prompt }, ...images.map((url) => ({ type: "input_image", image_url: url }))] }] : prompt),
        ...(fields.schema ? { text: { format: { type: "json_schema", name: "answer", schema: fields.schema } } } : {}),
        ...(strict.length ? { tools: strict.map((t) => ({ type: "function", name: t.name, description: t.description, parameters: t.parameters, strict: t.strict })) } : {}),
        ...(fields.strictChoice ? { tool_choice: { type: "function", name: fields.strictChoice } } : {}),
      };
    case "anthropic": {
      const content = images.length ? [{ type: "text", text: prompt }, ...images.map((url) => ({ type: "image", source: { type: "base64", media_type: "image/png", data: url.slice(url.indexOf(",") + 1) } }))] : prompt;
      // No response format on this door: a schema travels as a strict tool the answer must call.
      const tools = [...strict, ...(fields.schema ? [{ name: "answer", parameters: fields.schema, strict: true }] : [])];
      const choice = fields.strictChoice ?? (fields.schema ? "answer" : undefined);
      return {
        model: product, max_tokens: maxTokens,
        messages: fields.messages ?? [{ role: "user", content }],
        ...(tools.length ? { tools: tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters, strict: t.strict })) } : {}),
        ...(choice ? { tool_choice: { type: "tool", name: choice } } : {}),
        ...(fields.stop ? { stop_sequences: fields.stop } : {}),
      };
    }
  }
}

type Tool = { name: string; description?: string; parameters: Record<string, unknown>; strict?: boolean };

/** POSTs `payload` (an object, or raw JSON text) while another client polls /api/health every 25 ms. */
async function underWatch(path: string, payload: unknown) {
  let done = false;
  const health: { status: number; ms: number }[] = [];
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/health`);
      await res.arrayBuffer();
      health.push({ status: res.status, ms: performance.now() - started });
      await sleep(25);
    }
  })();
  const started = performance.now();
  const res = await fetch(server.base + path, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "x-api-key": key, "content-type": "application/json" },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  done = true;
  await poller;
  return { status: res.status, text, ms, health };
}

/** The bad request was answered or refused in the contract's shape, in time, and health never waited. */
async function expectBounded(name: string, door: Door | "count_tokens", path: string, payload: unknown, expected?: number[]) {
  const outcome = await underWatch(path, payload);
  const normal = door === "count_tokens" ? normalMs.anthropic! : normalMs[door]!;
  const what = `${name} on ${door}: ${outcome.status} ${outcome.text.slice(0, 300)}`;
  expect(outcome.status, what).not.toBe(500);
  expect(outcome.status, what).toBeLessThan(600);
  if (expected) expect(expected, what).toContain(outcome.status);
  if (outcome.status >= 400) {
    const parsed = JSON.parse(outcome.text);
    expect(parsed.error?.code ?? parsed.error?.type, what).toBeTruthy();
    expect(outcome.text, what).not.toMatch(/Maximum call stack|can't resolve reference|stack/i);
  }
  expect(outcome.ms, `${what} took ${Math.round(outcome.ms)} ms`).toBeLessThan(Math.max(8_000, normal * 10));
  expect(outcome.health.length, what).toBeGreaterThan(0);
  expect(outcome.health.every((h) => h.status === 200), what).toBe(true);
  const slowest = Math.max(...outcome.health.map((h) => h.ms));
  console.log(`${door.padEnd(12)} ${String(outcome.status).padEnd(4)} ${String(Math.round(outcome.ms)).padStart(6)} ms, health slowest ${String(Math.round(slowest)).padStart(5)} ms: ${name}`);
  expect(slowest, `${what}: /api/health waited ${Math.round(slowest)} ms`).toBeLessThan(Math.max(2_000, healthMs * 10, normal * 10));
  return outcome;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const families = shippedFamilies();
  const file = join(STATE_DIR, "adversarial-families.json");
  writeFileSync(file, JSON.stringify(families));
  const database = await ownDatabase("adversarial");
  drop = database.drop;
  const env = { ...database.env, MODEL_FAMILIES_FILE: file, LOG_LEVEL: "warn" };
  const account = admin(env, "create-user", "--email", `adversarial-${Date.now()}@e2e.test`, "--password", "adversarial-password-123", "--name", "Adversary");
  admin(env, "grant-credits", "--workspace", account.workspace_id, "--credits", "500");
  // The scale tier's 1,200 requests a minute: the spec sends about a hundred in two minutes.
  admin(env, "set-tier", "--workspace", account.workspace_id, "--tier", "scale");
  key = admin(env, "create-key", "--project", account.project_id, "--name", "adversary", "--scope", "read_write").key;
  server = ownServer(PORT, env, "adversarial.log");
  await server.start();
  // What normal looks like here, now: health, and a plain request on each door.
  const healthTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await (await fetch(`${server.base}/api/health`)).arrayBuffer();
    healthTimes.push(performance.now() - started);
  }
  healthMs = median(healthTimes);
  for (const door of DOORS) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const outcome = await underWatch(PATHS[door], body(door, { prompt: `A normal question number ${i}.` }));
      expect(outcome.status, outcome.text).toBe(200);
      times.push(outcome.ms);
    }
    normalMs[door] = median(times);
  }
});

test.afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const redos = { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$", default: `${"a".repeat(34)}!` } }, required: ["a"] };
const huge = { type: "object", properties: { a: { type: "string", minLength: 1_000_000 } }, required: ["a"] };
/** `n` required patterned properties: the schemas of the review. */
const wide = (n: number, pattern: string) => ({
  type: "object",
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string", pattern: `${pattern}${i}` }])),
  required: Array.from({ length: n }, (_, i) => `p${i}`),
});

test("a backtracking pattern is matched in linear time: the answer is checked, never a frozen loop (row 1)", async () => {
  for (const door of DOORS) await expectBounded("^(a+)+$ against 34 a's and a !", door, PATHS[door], body(door, { schema: redos }), [502]);
  for (const door of DOORS) {
    const tools = [{ name: "lookup", parameters: redos, strict: true }];
    await expectBounded("a strict tool with ^(a+)+$", door, PATHS[door], body(door, { prompt: "Use lookup.", tools, strictChoice: "lookup" }), [502]);
  }
});

test("the sandbox never builds more than max_output_tokens × 16 characters, whatever a schema or a prompt asks (row 2)", async () => {
  for (const door of DOORS) await expectBounded("minLength 1,000,000", door, PATHS[door], body(door, { schema: huge, maxTokens: 16 }));
  for (const door of DOORS) await expectBounded("a prompt of one run of 200,000 a's", door, PATHS[door], body(door, { prompt: "a".repeat(200_000) }), [200]);
  for (const door of DOORS) await expectBounded("a prompt of one run of 900,000 a's", door, PATHS[door], body(door, { prompt: "a".repeat(900_000) }));
});

test("schemas are bounded before anything is compiled or counted, count_tokens included (row 3)", async () => {
  const tools = Array.from({ length: 64 }, (_, i) => ({ name: `tool_${i}`, input_schema: wide(300, "^(a+)+$"), strict: true }));
  await expectBounded("count_tokens of 64 strict tools × 300 patterned properties", "count_tokens", `${PATHS.anthropic}/count_tokens`, { model: "scholar", messages: [{ role: "user", content: "hi" }], tools }, [413]);
  for (const door of DOORS) await expectBounded("a schema of 13,000 required properties", door, PATHS[door], body(door, { schema: wide(13_000, "^x") }), [413]);
  // The most the limits take: 1,000 subschemas of patterns within 64 KB, compiled off the loop.
  const most = wide(900, "^[a-z]+");
  for (const door of DOORS) await expectBounded("900 patterned properties (the most the limits allow)", door, PATHS[door], body(door, { schema: most, maxTokens: 64 }));
});

test("what the third review fixed stays fixed: deep JSON, lone surrogates, many messages (every door)", async () => {
  const deep = "[".repeat(100_000) + "]".repeat(100_000);
  for (const door of DOORS) {
    const raw = JSON.stringify(body(door, {})).replace(/}$/, `,"metadata":${deep}}`);
    await expectBounded("JSON nested 100,000 deep", door, PATHS[door], raw, [400]);
    await expectBounded("a lone surrogate", door, PATHS[door], body(door, { prompt: "hi \udfff there" }), [400]);
    const messages = Array.from({ length: 1_000 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `turn ${i} ${"word ".repeat(150)}` }));
    if (door === "anthropic" || door === "responses" || door === "openai" || door === "native") {
      const last = { role: "user", content: "And now?" };
      await expectBounded("1,000 turns", door, PATHS[door], body(door, { messages: [...messages.slice(0, 999), last] }));
    }
  }
});

test("the most tools, images and stop sequences the limits allow are answered in time", async () => {
  // 64 tools of a 4,096-character description each: 256 KB of definitions, the most allowed.
  const tools = Array.from({ length: 64 }, (_, i) => ({ name: `tool_${i}`, description: "d".repeat(3_500), parameters: { type: "object", properties: { q: { type: "string" } } } }));
  for (const door of DOORS) await expectBounded("64 tools at the definitions' limit", door, PATHS[door], body(door, { prompt: "Use tool_3.", tools }));
  const image = `data:image/png;base64,${"A".repeat(9_000)}`;
  for (const door of DOORS) await expectBounded("100 inline images", door, PATHS[door], body(door, { product: "vision", images: Array.from({ length: 99 }, () => image) }));
  const stop = Array.from({ length: 4 }, (_, i) => `${String(i).repeat(255)}x`);
  for (const door of ["openai", "anthropic"] as const) await expectBounded("4 stop sequences of 256 characters", door, PATHS[door], body(door, { stop }), [200]);
});
