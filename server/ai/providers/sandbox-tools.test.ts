// The sandbox's tool calls and structured answers: values made from JSON Schemas (checked with the
// same validator as engines' answers), which turns call a tool, and answers that use tool results.
import { describe, expect, it } from "vitest";
import { compileSchema } from "../json-schema";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { exampleOf, toolResultAnswer, toolsToCall } from "./sandbox-tools";
import type { ChatMessage, ToolSpec } from "./types";

const valid = async (schema: Record<string, unknown>) => (await compileSchema(schema, "x"))(exampleOf(schema));

describe("exampleOf", () => {
  it.each([
    ["required properties only, enums' first value, types", { type: "object", properties: { city: { type: "string" }, unit: { enum: ["celsius", "fahrenheit"] }, days: { type: "integer", minimum: 1, maximum: 7 }, note: { type: "string" } }, required: ["city", "unit", "days"], additionalProperties: false }],
    ["nested objects and arrays with bounds", { type: "object", properties: { items: { type: "array", minItems: 2, maxItems: 3, items: { type: "object", properties: { sku: { type: "string", minLength: 12 }, qty: { type: "number", exclusiveMinimum: 0, multipleOf: 0.5 } }, required: ["sku", "qty"] } } }, required: ["items"] }],
    ["formats that look right", { type: "object", properties: { at: { type: "string", format: "date-time" }, mail: { type: "string", format: "email" }, id: { type: "string", format: "uuid" } }, required: ["at", "mail", "id"] }],
    ["nullable and union types, const, booleans", { type: "object", properties: { a: { type: ["string", "null"] }, b: { anyOf: [{ type: "integer" }, { type: "null" }] }, c: { const: "fixed" }, d: { type: "boolean" } }, required: ["a", "b", "c", "d"] }],
    ["references to $defs (draft 2020-12, as zod writes them)", { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { who: { $ref: "#/$defs/person" } }, required: ["who"], $defs: { person: { type: "object", properties: { name: { type: "string", maxLength: 4 } }, required: ["name"], additionalProperties: false } } }],
  ])("makes a valid value: %s", async (_, schema) => {
    expect(await valid(schema)).toBeNull();
  });

  it("is deterministic and reads well", () => {
    const schema = { type: "object", properties: { city: { type: "string" }, unit: { enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"] };
    expect(exampleOf(schema)).toEqual({ city: "example city", unit: "celsius" });
    expect(exampleOf(schema)).toEqual(exampleOf(schema));
  });
});

const weather: ToolSpec = { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
const clock: ToolSpec = { name: "now", parameters: { type: "object", properties: {} } };

describe("toolsToCall", () => {
  const ask = (text: string, extra: object = {}) => toolsToCall({ messages: [user(text)], tools: [weather, clock], ...extra }).map((t) => t.name);

  it("calls the tools the last user turn names, or the one tool_choice names, or the first when a call is required", () => {
    expect(ask("What is the weather in Oslo? Use get_weather and now.")).toEqual(["get_weather", "now"]);
    expect(ask("Use get_weather and now.", { parallelToolCalls: false })).toEqual(["get_weather"]);
    expect(ask("Tell me a story.")).toEqual([]);
    expect(ask("Tell me a story.", { toolChoice: "required" })).toEqual(["get_weather"]);
    expect(ask("Tell me a story.", { toolChoice: { name: "now" } })).toEqual(["now"]);
    expect(ask("Use get_weather.", { toolChoice: "none" })).toEqual([]);
    expect(ask("Use the get_weathering machine.")).toEqual([]);
  });

  it("answers in text once the conversation ends with tool results", () => {
    const messages: ChatMessage[] = [
      user("Use get_weather for Oslo."),
      { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' }] },
      { role: "tool", toolCallId: "call_1", content: '{"temperature": 4}' },
    ];
    expect(toolsToCall({ messages, tools: [weather], toolChoice: "required" })).toEqual([]);
    expect(toolResultAnswer(messages)).toContain('The get_weather tool returned: {"temperature": 4}.');
    expect(toolResultAnswer([user("hi")])).toBeUndefined();
  });
});

describe("sandbox family with tools", () => {
  const sandbox = family("sandbox", "http://unused", "house", { base_url: undefined, pacing_ms: 0, models: { fast: { name: "house-fast", context_window: 8_000 } } });

  it("streams a call in fragments (id and name first), ends with tool_calls, and counts the tools as input", async () => {
    const plain = await run(sandbox, { model: "house-fast", messages: [user("Use get_weather for Oslo.")] });
    const outcome = await run(sandbox, { model: "house-fast", messages: [user("Use get_weather for Oslo.")], tools: [weather] });
    const fragments = outcome.events.filter((e) => e.type === "tool_call");
    expect(fragments.length).toBe(2);
    expect(fragments[0]).toMatchObject({ index: 0, name: "get_weather" });
    expect(fragments.map((f) => f.arguments).join("")).toBe('{"city":"example city"}');
    expect(outcome.text).toBe("");
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "tool_calls" });
    const input = (o: typeof outcome) => o.events.find((e) => e.type === "usage")!;
    expect((input(outcome) as { inputTokens: number }).inputTokens).toBeGreaterThan((input(plain) as { inputTokens: number }).inputTokens);
  });

  it("answers a json_schema request with JSON valid against the schema", async () => {
    const schema = { type: "object", properties: { title: { type: "string" }, score: { type: "integer", minimum: 1, maximum: 5 } }, required: ["title", "score"], additionalProperties: false };
    const outcome = await run(sandbox, { model: "house-fast", messages: [user("Rate this film.")], responseSchema: { name: "rating", schema } });
    expect(await (await compileSchema(schema, "x"))(JSON.parse(outcome.text))).toBeNull();
  });
});

describe("toolsToCall, as an agent's engine", () => {
  const reminder = "<system-reminder>You can use get_weather and now whenever you like.</system-reminder>";
  const call = { role: "assistant" as const, content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' }] };
  const result = { role: "tool" as const, toolCallId: "call_1", content: '{"temperature": 4}' };

  const parts = (...texts: string[]): ChatMessage => ({ role: "user", content: texts.map((text) => ({ type: "text" as const, text })) });

  it("reads only the user's own words: a client's tagged notes naming every tool call none", () => {
    expect(toolsToCall({ messages: [parts(reminder, "say hi")], tools: [weather, clock] })).toEqual([]);
    expect(toolsToCall({ messages: [user(reminder), user("say hi")], tools: [weather, clock] })).toEqual([]);
    expect(toolsToCall({ messages: [parts(reminder, "Use get_weather for Oslo.")], tools: [weather, clock] }).map((t) => t.name)).toEqual(["get_weather"]);
  });

  it("answers in text after a tool result, even when a client adds a note after it, unless asked again", () => {
    const after = [user("Use get_weather for Oslo."), call, result, user(reminder)];
    expect(toolsToCall({ messages: after, tools: [weather, clock] })).toEqual([]);
    expect(toolsToCall({ messages: after, tools: [weather, clock], toolChoice: { name: "get_weather" } })).toEqual([]);
    expect(toolResultAnswer(after)).toContain("The get_weather tool returned");
    const again = [...after, user("Now use now.")];
    expect(toolsToCall({ messages: again, tools: [weather, clock] }).map((t) => t.name)).toEqual(["now"]);
  });
});
