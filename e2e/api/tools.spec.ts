// Tool calls and structured output on the native API, on a server whose engines are the built-in
// sandbox: whole calls (never a fragment) with arguments as objects, `finish_reason: "tool_calls"`,
// a second turn that uses the tool's result, JSON Schema answers, the request's rules (64 tools,
// names, review refuses tools), tool definitions charged as input, and routing by capability.
import { expect, test } from "@playwright/test";
import Ajv from "ajv";
import { creditsFor } from "../fixtures/ai";
import { api } from "../fixtures/own-server";
import { sandboxServer, shippedFamilies, streamEvents, type SandboxServer } from "../fixtures/sandbox-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 45;

test.describe.configure({ mode: "serial" });

let sandbox: SandboxServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const families = shippedFamilies();
  // Scholar's two fallbacks without tool calling (skipped, and said so), and fire's whole chain without it.
  for (const family of families.families) {
    for (const [tier, model] of Object.entries(family.models)) {
      if (family.id === "peer-b" || (family.id === "house" && tier === "fast")) model.capabilities = ["images"];
      if (family.id === "peer-a" && tier === "standard") model.capabilities = ["json_schema"];
    }
  }
  sandbox = await sandboxServer("tools", PORT, families);
});

test.afterAll(async () => {
  await sandbox?.stop();
});

const generate = (body: object, endpoint = "completions") => api(sandbox.server.base, "POST", `/api/public/v1/ai/${endpoint}`, sandbox.key, body);
const weather = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather now in a city.",
    strict: true,
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false },
  },
};
const clock = { type: "function", function: { name: "get_time", parameters: { type: "object", properties: { zone: { type: "string" } }, required: ["zone"] } } };
const ask = "What is the weather in Oslo? Use get_weather.";

test("an answer that is a call: tool_calls with ids call_..., arguments an object valid against the schema, finish_reason tool_calls", async () => {
  const res = await generate({ prompt: ask, tools: [weather, clock] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.finish_reason).toBe("tool_calls");
  expect(res.body.output).toBe("");
  expect(res.body.tool_calls).toEqual([{ id: expect.stringMatching(/^call_[0-9a-z]{26}$/), name: "get_weather", arguments: { city: "example city", unit: "celsius" } }]);
  const valid = new Ajv().compile(weather.function.parameters);
  expect(valid(res.body.tool_calls[0].arguments)).toBe(true);
  expect(res.body.usage.output_tokens).toBeGreaterThan(0);
});

test("streamed: one tool_call event per whole call, after any delta and before done, which says tool_calls", async () => {
  const { status, events } = await streamEvents(sandbox.server.base, "/api/public/v1/ai/completions", sandbox.key, {
    prompt: "Use get_weather and get_time for Oslo.",
    tools: [weather, clock],
    stream: true,
  });
  expect(status).toBe(200);
  expect(events.map((e) => e.event)).toEqual(["tool_call", "tool_call", "done"]);
  expect(events[0].json).toEqual({ id: expect.stringMatching(/^call_/), name: "get_weather", arguments: { city: "example city", unit: "celsius" } });
  expect(events[1].json).toEqual({ id: expect.stringMatching(/^call_/), name: "get_time", arguments: { zone: "example zone" } });
  expect(events[2].json.finish_reason).toBe("tool_calls");
  const parallel = await streamEvents(sandbox.server.base, "/api/public/v1/ai/completions", sandbox.key, {
    prompt: "Use get_weather and get_time for Oslo.", tools: [weather, clock], parallel_tool_calls: false, stream: true,
  });
  expect(parallel.events.map((e) => e.event)).toEqual(["tool_call", "done"]);
});

test("the second turn carries the call and its result: the answer is text that uses the result", async () => {
  const first = await generate({ prompt: ask, tools: [weather], tool_choice: "required" });
  const [call] = first.body.tool_calls;
  const second = await generate({
    messages: [
      { role: "user", content: ask },
      { role: "assistant", tool_calls: [call] },
      { role: "tool", tool_call_id: call.id, content: '{"temperature": 4, "sky": "overcast"}' },
    ],
    tools: [weather],
  });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  expect(second.body.finish_reason).toBe("stop");
  expect(second.body.tool_calls).toBeUndefined();
  expect(second.body.output).toContain('The get_weather tool returned: {"temperature": 4, "sky": "overcast"}');
  // The call and the result are input too.
  expect(second.body.usage.input_tokens).toBeGreaterThan(first.body.usage.input_tokens);
});

test("tool_choice names a function: that one is called, whatever the prompt says", async () => {
  const res = await generate({ prompt: "Tell me a story.", tools: [weather, clock], tool_choice: { type: "function", function: { name: "get_time" } } });
  expect(res.body.tool_calls.map((c: { name: string }) => c.name)).toEqual(["get_time"]);
});

test("json_schema: the answer is JSON valid against the schema, delivered in one piece when streamed", async () => {
  const schema = { type: "object", properties: { title: { type: "string" }, year: { type: "integer", minimum: 1900 }, genres: { type: "array", items: { enum: ["drama", "comedy"] } } }, required: ["title", "year", "genres"], additionalProperties: false };
  const response_format = { type: "json_schema", json_schema: { name: "film", schema, strict: true } };
  const res = await generate({ prompt: "Name a film.", response_format });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(new Ajv().compile(schema)(JSON.parse(res.body.output))).toBe(true);
  const streamed = await streamEvents(sandbox.server.base, "/api/public/v1/ai/completions", sandbox.key, { prompt: "Name a film.", response_format, stream: true });
  expect(streamed.events.map((e) => e.event)).toEqual(["delta", "done"]);
  expect(streamed.events[0].json.text).toBe(res.body.output);
  const bad = await generate({ prompt: "x", response_format: { type: "json_schema", json_schema: { name: "film", schema: { type: "object", properties: { a: { type: 7 } } } } } });
  expect(bad.status).toBe(400);
  expect(bad.body.error).toMatchObject({ code: "invalid_body", param: "response_format.json_schema.schema" });
});

test("request rules: up to 64 tools, names [a-zA-Z0-9_-]{1,64}, unique; tool_choice among the tools; review refuses tools", async () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ type: "function", function: { name: `tool_${i}`, parameters: { type: "object", properties: {} } } }));
  expect((await generate({ prompt: "Hello there.", tools: many(64) })).status).toBe(200);
  const over = await generate({ prompt: "x", tools: many(65) });
  expect(over.status).toBe(400);
  expect(over.body.error).toMatchObject({ code: "invalid_body", param: "tools" });
  const name = await generate({ prompt: "x", tools: [{ type: "function", function: { name: "get weather" } }] });
  expect(name.body.error).toMatchObject({ code: "invalid_body", param: "tools.0.function.name" });
  const twice = await generate({ prompt: "x", tools: [clock, clock] });
  expect(twice.body.error).toMatchObject({ code: "invalid_body", param: "tools.1.function.name" });
  const choice = await generate({ prompt: "x", tools: [clock], tool_choice: { type: "function", function: { name: "get_weather" } } });
  expect(choice.body.error).toMatchObject({ code: "invalid_body", param: "tool_choice" });
  const review = await generate({ prompt: "Review this.", tools: [clock] }, "review");
  expect(review.status).toBe(400);
  expect(review.body.error).toMatchObject({ code: "invalid_body", param: "tools" });
  expect(review.body.error.message).toContain("judges");
});

test("tool definitions count as input tokens, and are charged as such", async () => {
  const plain = await generate({ prompt: "Tell me about rivers." });
  const withTools = await generate({ prompt: "Tell me about rivers.", tools: [weather, clock], tool_choice: "none" });
  expect(withTools.body.output).toBe(plain.body.output);
  expect(withTools.body.usage.output_tokens).toBe(plain.body.usage.output_tokens);
  expect(withTools.body.usage.input_tokens).toBeGreaterThan(plain.body.usage.input_tokens + 40);
  const products = await api(sandbox.server.base, "GET", "/api/public/v1/ai/products", sandbox.key);
  const rates = products.body.data.find((p: { id: string }) => p.id === "scholar").rates;
  expect(withTools.body.usage.credits).toBe(creditsFor(rates, withTools.body.usage.input_tokens, withTools.body.usage.output_tokens));
  expect(withTools.body.usage.credits).toBeGreaterThan(plain.body.usage.credits);
});

test("capabilities: an engine without tool calling is skipped (routing.reason says so); a chain without one is a 400 naming the products that can", async () => {
  const res = await generate({ prompt: ask, tools: [weather] });
  expect(res.body.routing.reason).toContain("2 engines without tool calling skipped");
  expect(res.body.routing.reason).not.toMatch(/peer|house/);
  const fire = await generate({ product: "fire", prompt: ask, tools: [weather] });
  expect(fire.status).toBe(400);
  expect(fire.body.error).toMatchObject({ code: "invalid_body", param: "tools" });
  expect(fire.body.error.message).toContain("Products that can: scholar, advanced");
  expect((await generate({ product: "fire", prompt: "Hello there." })).status).toBe(200);
});
