// Tool calls between the engines and the client: the request's tools as rules, fragments assembled
// per index, and the check of whole calls at an attempt's end.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { UpstreamFailure, type UpstreamEvent } from "./providers/types";
import { addFragment, checkedCalls, compileStrictTools, toolRules, type CallParts } from "./tool-calls";

const weather = { type: "function" as const, function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
const strictWeather = { ...weather, function: { ...weather.function, strict: true } };
const clock = { type: "function" as const, function: { name: "now" } };

type Fragment = Omit<Extract<UpstreamEvent, { type: "tool_call" }>, "type">;
const assemble = (...fragments: Fragment[]) => {
  const parts: CallParts[] = [];
  for (const f of fragments) addFragment(parts, { type: "tool_call", ...f });
  return parts;
};
const failure = async (fn: () => unknown) => {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  return undefined;
};
/** The rules with their strict schemas compiled, as a prepared generation has them. */
const compiled = async (request: Parameters<typeof toolRules>[0]) => {
  const rules = toolRules(request);
  await compileStrictTools(rules);
  return rules;
};

describe("toolRules", () => {
  it("defaults: auto, parallel; a tool without parameters takes an empty object", () => {
    const rules = toolRules({ tools: [weather, clock] })!;
    expect(rules.choice).toBe("auto");
    expect(rules.parallel).toBe(true);
    expect(rules.tools[1]).toEqual({ name: "now", parameters: { type: "object", properties: {} } });
    expect(rules.strict.size).toBe(0);
  });

  it("is undefined without tools, and refuses a tool_choice that asks for a call of nothing", async () => {
    expect(toolRules({})).toBeUndefined();
    expect(toolRules({ tool_choice: "none" })).toBeUndefined();
    expect(await failure(() => toolRules({ tool_choice: "required" }))).toMatchObject({ code: "invalid_body", extra: { param: "tool_choice" } });
    const unknown = (await failure(() => toolRules({ tools: [weather], tool_choice: { type: "function", function: { name: "other" } } }))) as AppError;
    expect(unknown).toBeInstanceOf(AppError);
    expect(unknown.message).toContain(`"other"`);
  });

  it("refuses a strict tool whose parameters are not a usable JSON Schema, naming the field", async () => {
    const bad = { type: "function" as const, function: { name: "x", strict: true, parameters: { type: "object", properties: { a: { type: "no-such-type" } } } } };
    expect(await failure(() => compiled({ tools: [weather, bad] }))).toMatchObject({ code: "invalid_body", extra: { param: "tools.1.function.parameters" } });
  });
});

describe("checkedCalls", () => {
  const rules = toolRules({ tools: [weather, clock] });

  it("assembles fragments per index, in the answer's order, and gives each call an id of ours", async () => {
    const parts = assemble(
      { index: 0, id: "vendor-id-1", name: "get_weather", arguments: '{"ci' },
      { index: 1, id: "vendor-id-2", name: "now", arguments: "" },
      { index: 0, arguments: 'ty": "Oslo"}' },
    );
    const calls = await checkedCalls(parts, rules);
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([["get_weather", '{"city":"Oslo"}'], ["now", "{}"]]);
    for (const call of calls) expect(call.id).toMatch(/^call_[0-9a-z]{26}$/);
  });

  it.each([
    ["a call whose fragments never came (a hole)", assemble({ index: 1, name: "now", arguments: "{}" })],
    ["a call without a name", assemble({ index: 0, arguments: "{}" })],
    ["a call of a tool the request does not have", assemble({ index: 0, name: "delete_everything", arguments: "{}" })],
    ["arguments cut mid-way", assemble({ index: 0, name: "get_weather", arguments: '{"city": "Os' })],
    ["arguments that are not an object", assemble({ index: 0, name: "get_weather", arguments: '["Oslo"]' })],
  ])("fails the attempt (bad_tool_call) on %s", async (_, parts) => {
    const error = await failure(() => checkedCalls(parts, rules));
    expect(error).toBeInstanceOf(UpstreamFailure);
    expect((error as UpstreamFailure).kind).toBe("bad_tool_call");
  });

  it("checks a strict tool's arguments against its parameters; a tool that is not strict only needs an object", async () => {
    const loose = assemble({ index: 0, name: "get_weather", arguments: '{"town": 3}' });
    expect(await checkedCalls(loose, rules)).toHaveLength(1);
    const strict = await compiled({ tools: [strictWeather] });
    const error = (await failure(() => checkedCalls(loose, strict))) as UpstreamFailure;
    expect(error.kind).toBe("bad_tool_call");
    expect(error.detail).toContain("city");
    expect(await checkedCalls(assemble({ index: 0, name: "get_weather", arguments: '{"city": "Oslo"}' }), strict)).toHaveLength(1);
  });

  it("holds the answer to tool_choice and parallel_tool_calls", async () => {
    const one = assemble({ index: 0, name: "now", arguments: "{}" });
    const two = assemble({ index: 0, name: "now", arguments: "{}" }, { index: 1, name: "now", arguments: "{}" });
    const kind = async (fn: () => unknown) => ((await failure(fn)) as UpstreamFailure | undefined)?.kind;
    expect(await kind(() => checkedCalls(one, toolRules({ tools: [weather, clock], tool_choice: "none" })))).toBe("bad_tool_call");
    expect(await kind(() => checkedCalls([], toolRules({ tools: [weather], tool_choice: "required" })))).toBe("bad_tool_call");
    expect(await kind(() => checkedCalls(one, toolRules({ tools: [weather, clock], tool_choice: { type: "function", function: { name: "get_weather" } } })))).toBe("bad_tool_call");
    expect(await kind(() => checkedCalls(two, toolRules({ tools: [clock], parallel_tool_calls: false })))).toBe("bad_tool_call");
    expect(await checkedCalls(two, toolRules({ tools: [clock] }))).toHaveLength(2);
    expect(await checkedCalls([], rules)).toEqual([]);
  });

  it("without tools, any call is broken", async () => {
    expect(((await failure(() => checkedCalls(assemble({ index: 0, name: "now", arguments: "{}" }), undefined))) as UpstreamFailure).kind).toBe("bad_tool_call");
  });
});
