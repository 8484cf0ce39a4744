// Both HTTP adapters against the fake upstream with tools: calls read as fragments (id and name
// first), finish reasons, structured output, and the faults that break a call mid-way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure, type ToolSpec, type UpstreamEvent } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const WEATHER: ToolSpec = {
  name: "get_weather",
  description: "The weather in a city.",
  parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } }, required: ["city", "days"], additionalProperties: false },
};
const TIME: ToolSpec = { name: "get_time", parameters: { type: "object", properties: { zone: { type: "string", enum: ["UTC", "CET"] } }, required: ["zone"] } };
const tools = [WEATHER, TIME];

type Fragment = Extract<UpstreamEvent, { type: "tool_call" }>;
const fragments = (events: UpstreamEvent[]) => events.filter((e): e is Fragment => e.type === "tool_call");

/** The calls the fragments add up to, checking that id and name come with each call's first fragment. */
function assembled(events: UpstreamEvent[]) {
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  for (const f of fragments(events)) {
    if (!calls[f.index]) {
      expect(f.id, "id on the first fragment").toBeTruthy();
      expect(f.name, "name on the first fragment").toBeTruthy();
      calls[f.index] = { id: f.id, name: f.name, arguments: "" };
    } else {
      expect(f.id).toBeUndefined();
    }
    calls[f.index].arguments += f.arguments;
  }
  return calls;
}

const kindOf = (error: unknown) => (error instanceof UpstreamFailure ? error.kind : error);

describe.each(["openai", "anthropic"] as const)("%s adapter with tools", (adapter) => {
  const label = `tools-${adapter}`;
  const config = () => family(adapter, upstream.url, label);
  let n = 0;
  const ask = (text: string) => {
    const tag = `${adapter}-call-${++n}`;
    return { tag, messages: [user(`${text} [[tag ${tag}]]`)] };
  };

  it("reads a call as fragments, its arguments split across chunks, and ends with tool_calls", async () => {
    const outcome = await run(config(), { ...ask('Weather? [[call get_weather {"city": "Paris", "days": 2}]]'), tools });
    expect(outcome.error).toBeUndefined();
    expect(outcome.text).toBe("");
    expect(fragments(outcome.events).length).toBeGreaterThan(2);
    const [call, ...others] = assembled(outcome.events);
    expect(others).toEqual([]);
    expect(call.name).toBe("get_weather");
    expect(JSON.parse(call.arguments)).toEqual({ city: "Paris", days: 2 });
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "tool_calls" });
    expect(outcome.events.filter((e) => e.type === "usage")).toHaveLength(1);
  });

  it("numbers parallel calls in order after the text before them; one call only when parallel calls are off", async () => {
    const text = 'Both [[words 4]] [[call get_weather {"city":"Oslo","days":1}]] [[call get_time {"zone":"CET"}]]';
    const both = await run(config(), { ...ask(text), tools });
    const deltas = both.events.findIndex((e) => e.type === "delta");
    const first = both.events.findIndex((e) => e.type === "tool_call");
    expect(deltas).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(deltas);
    expect(both.text.split(" ")).toHaveLength(4);
    expect(assembled(both.events).map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ["get_weather", { city: "Oslo", days: 1 }],
      ["get_time", { zone: "CET" }],
    ]);
    expect(new Set(assembled(both.events).map((c) => c.id)).size).toBe(2);
    const one = await run(config(), { ...ask(text), tools, parallelToolCalls: false });
    expect(assembled(one.events).map((c) => c.name)).toEqual(["get_weather"]);
  });

  it("continues the text before a call and still makes the call, by prefill or by instruction", async () => {
    const { messages } = ask('Go [[words 6]] [[call get_time {"zone":"UTC"}]]');
    const whole = await run(config(), { messages, tools });
    const begun = whole.text.split(" ").slice(0, 3).join(" ") + " ";
    for (const mode of ["prefill", "instruction"] as const) {
      const rest = await run(config(), { messages, tools, continuation: { text: begun, mode } });
      expect(begun + rest.text, mode).toBe(whole.text);
      expect(assembled(rest.events).map((c) => c.name), mode).toEqual(["get_time"]);
    }
  });

  it("calls the first tool when a call is required and the named one when named, with arguments valid for its schema", async () => {
    const required = await run(config(), { ...ask("Anything."), tools, toolChoice: "required" });
    const [call] = assembled(required.events);
    expect(call.name).toBe("get_weather");
    expect(JSON.parse(call.arguments)).toEqual({ city: expect.any(String), days: expect.any(Number) });
    expect(JSON.parse(call.arguments).days).toBeGreaterThanOrEqual(1);
    const named = await run(config(), { ...ask("Anything."), tools, toolChoice: { name: "get_time" } });
    expect(assembled(named.events).map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([["get_time", { zone: "UTC" }]]);
  });

  it("makes arguments that a client's own schema accepts (nested objects, arrays, enums, nullable, formats)", async () => {
    const Trip = z.object({
      traveller: z.object({ name: z.string().min(12), email: z.email() }),
      stops: z.array(z.object({ city: z.string(), nights: z.int().min(2).max(5) })).min(2),
      class: z.enum(["economy", "business"]),
      note: z.string().nullable(),
      when: z.iso.datetime(),
      refundable: z.boolean(),
    });
    const plan: ToolSpec = { name: "plan_trip", parameters: z.toJSONSchema(Trip) as Record<string, unknown>, strict: true };
    const outcome = await run(config(), { ...ask("Plan it."), tools: [plan], toolChoice: "required" });
    const [call] = assembled(outcome.events);
    expect(Trip.safeParse(JSON.parse(call.arguments)).error).toBeUndefined();
    const broken = await run(config(), { ...ask(`Plan it. [[fault ${label} bad_schema]]`), tools: [plan], toolChoice: "required" });
    expect(Trip.safeParse(JSON.parse(assembled(broken.events)[0].arguments)).success).toBe(false);
  });

  it("answers in text with no call wanted, or with tool_choice none", async () => {
    const auto = await run(config(), { ...ask("Tell me a story."), tools });
    expect(fragments(auto.events)).toEqual([]);
    expect(auto.text).not.toBe("");
    expect(auto.events.at(-1)).toEqual({ type: "end", finish: "stop" });
    const none = await run(config(), { ...ask("[[call get_time]]"), tools, toolChoice: "none" });
    expect(fragments(none.events)).toEqual([]);
    expect(none.events.at(-1)).toEqual({ type: "end", finish: "stop" });
  });

  it("answers with the tools' results once they are in the conversation", async () => {
    const { messages } = ask('Weather? [[call get_weather {"city":"Rome","days":1}]]');
    const outcome = await run(config(), {
      tools,
      messages: [
        ...messages,
        { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Rome","days":1}' }] },
        { role: "tool", toolCallId: "call_1", content: "sunny, 24 degrees" },
      ],
    });
    expect(outcome.error).toBeUndefined();
    expect(fragments(outcome.events)).toEqual([]);
    expect(outcome.text).toContain("sunny, 24 degrees");
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "stop" });
  });

  it("a stream cut in the middle of a call's arguments is truncated, after part of the call", async () => {
    const outcome = await run(config(), { ...ask(`[[call get_weather {"city":"Paris","days":3}]] [[fault ${label} cut_in_call n=2]]`), tools });
    expect(kindOf(outcome.error)).toBe("truncated");
    const [call] = assembled(outcome.events);
    expect(call.name).toBe("get_weather");
    expect(call.arguments.length).toBeGreaterThan(0);
    expect(() => JSON.parse(call.arguments)).toThrow(SyntaxError);
  });

  it("a call that stalls mid-arguments sends nothing more until aborted", async () => {
    const { tag, messages } = ask(`[[call get_weather {"city":"Paris","days":3}]] [[fault ${label} stall_in_call]]`);
    const outcome = await run(config(), { messages, tools, abortAfterMs: 300 });
    expect(outcome.error).not.toBeInstanceOf(UpstreamFailure);
    expect(fragments(outcome.events)).toHaveLength(2);
    expect(outcome.events.some((e) => e.type === "end")).toBe(false);
    expect(upstream.requests(tag)[0].faults).toEqual(["stall_in_call"]);
  });

  it("passes invalid JSON arguments on as they came (the core refuses the call)", async () => {
    const outcome = await run(config(), { ...ask(`[[call get_time {"zone":"UTC"}]] [[fault ${label} bad_arguments]]`), tools });
    expect(outcome.error).toBeUndefined();
    const [call] = assembled(outcome.events);
    expect(call.name).toBe("get_time");
    expect(() => JSON.parse(call.arguments)).toThrow(SyntaxError);
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "tool_calls" });
  });

  it("answers a response schema with JSON text valid for it, or (bad_schema) JSON that breaks it", async () => {
    const responseSchema = { name: "city facts", schema: { type: "object", properties: { name: { type: "string" }, population: { type: "integer" } }, required: ["name", "population"], additionalProperties: false }, strict: true };
    const good = await run(config(), { ...ask("Facts about Lyon."), responseSchema, json: true });
    expect(good.error).toBeUndefined();
    expect(fragments(good.events)).toEqual([]);
    expect(JSON.parse(good.text)).toEqual({ name: expect.any(String), population: expect.any(Number) });
    expect(good.events.at(-1)).toEqual({ type: "end", finish: "stop" });
    const bad = await run(config(), { ...ask(`Facts about Lyon. [[fault ${label} bad_schema]]`), responseSchema, json: true });
    expect(JSON.parse(bad.text)).toEqual({ population: expect.any(Number) });
  });
});
