// The core with tool calls and JSON Schema answers, on scripted families: a broken call or an
// answer that breaks the schema is never delivered, the turn goes to the next family, and text
// before a call stays delivered once (gap-free).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../../errors";
import { shapeAnswer } from "../answer-shape";
import { compileSchema } from "../json-schema";
import { family, user } from "../../../test/kits/adapter-test-kit";
import type { UpstreamEvent, UpstreamRequest } from "../providers/types";
import { countTokens } from "../tokens";
import { compileStrictTools, toolRules } from "../tool-calls";
import { runPlan, type Progress } from "./escalate";
import type { PlanStep } from "./plan";

/** Each family's answer, by family id; the requests each received. */
const scripts = new Map<string, UpstreamEvent[]>();
const received: { family: string; request: UpstreamRequest }[] = [];

vi.mock("../providers", () => ({
  adapterFor: () => async (config: { id: string }, request: UpstreamRequest, emit: (event: UpstreamEvent) => void) => {
    received.push({ family: config.id, request });
    (scripts.get(config.id) ?? []).forEach(emit);
  },
}));

let n = 0;
const weather = { type: "function" as const, function: { name: "get_weather", strict: true, parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } } };

async function turn(answers: UpstreamEvent[][], rules: Parameters<typeof shapeAnswer>[0]) {
  const steps: PlanStep[] = answers.map((events) => {
    const id = `scripted-${++n}`;
    scripts.set(id, [{ type: "open" }, ...events]);
    return { family: family("openai", "http://unused", id), tier: "strong", model: "m", contextWindow: 100_000 };
  });
  received.length = 0;
  const progress: Progress = { text: "", attempts: 0, failures: [], families: [] };
  let delivered = "";
  const shape = shapeAnswer(rules, (t) => (delivered += t));
  const tools = rules.tools;
  const outcome = await runPlan(
    steps,
    { messages: [user("What is the weather in Oslo?")], maxOutputTokens: 200, ...(tools ? { tools: tools.tools, toolChoice: tools.choice } : {}) },
    progress,
    shape.onDelta,
    new AbortController().signal,
    countTokens,
    shape,
  ).catch((error: unknown) => error as AppError);
  if (!(outcome instanceof Error)) shape.finish(progress);
  return { outcome, delivered, progress, families: received.map((r) => r.family), steps };
}

const call = (args: string, name = "get_weather"): UpstreamEvent[] => [
  { type: "tool_call", index: 0, id: "up-1", name, arguments: args.slice(0, 5) },
  { type: "tool_call", index: 0, arguments: args.slice(5) },
];
const end = (finish: "stop" | "tool_calls" | "length" = "tool_calls"): UpstreamEvent => ({ type: "end", finish });

describe("tool calls across families", () => {
  const rules = { tools: toolRules({ tools: [weather] }) };
  beforeAll(() => compileStrictTools(rules.tools));

  it("a call whose arguments are cut or invalid is never delivered: the next family's whole call is", async () => {
    const { outcome, families, steps, progress } = await turn([[...call('{"city": "Os'), end("length")], [...call('{"city": "Oslo"}'), end()]], rules);
    expect(families).toEqual(steps.map((s) => s.family.id));
    expect(progress.failures).toEqual(["bad_tool_call"]);
    expect(outcome).toMatchObject({ stepIndex: 1, finish: "tool_calls" });
    const { calls } = outcome as { calls: { id: string; name: string; arguments: string }[] };
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: "get_weather", arguments: '{"city":"Oslo"}' });
    expect(calls[0].id).toMatch(/^call_/);
  });

  it("a stream that ends inside a call's arguments (no terminator) goes to the next family", async () => {
    const { outcome, progress } = await turn([call('{"city": "Oslo"}').slice(0, 1), [...call('{"city": "Oslo"}'), end()]], rules);
    expect(progress.failures).toEqual(["truncated"]);
    expect(outcome).toMatchObject({ stepIndex: 1, finish: "tool_calls" });
  });

  it("a strict tool's arguments that break its schema go to the next family; every family failing is one clean error", async () => {
    const { outcome, progress } = await turn([[...call('{"town": "Oslo"}'), end()], [...call('{"city": 4}'), end()]], rules);
    expect(progress.failures).toEqual(["bad_tool_call", "bad_tool_call"]);
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ code: "upstream_unavailable" });
    expect((outcome as AppError).message).toContain("valid call");
  });

  it("text before a call is delivered once: the next family continues from it, and only its call is delivered", async () => {
    const { outcome, delivered, families, progress } = await turn(
      [[{ type: "delta", text: "Let me check " }, ...call('{"city": ['), end()], [{ type: "delta", text: "the weather." }, ...call('{"city": "Oslo"}'), end()]],
      rules,
    );
    expect(families).toHaveLength(2);
    expect(received[1].request.continuation).toEqual({ text: "Let me check ", mode: "prefill" });
    expect(delivered).toBe("Let me check the weather.");
    expect(progress.text).toBe(delivered);
    expect(outcome).toMatchObject({ finish: "tool_calls" });
  });

  it("an answer that makes no call says stop even if the family said tool_calls", async () => {
    const { outcome } = await turn([[{ type: "delta", text: "Sunny." }, end("tool_calls")]], rules);
    expect(outcome).toMatchObject({ finish: "stop", calls: [] });
  });
});

describe("json_schema answers across families", () => {
  const schema = { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"], additionalProperties: false };
  const compiled = compileSchema(schema, "response_format.json_schema.schema");
  const rules = { schema: async (value: unknown) => (await compiled)(value) };

  it("an answer that breaks the schema is held, never delivered, and the next family's valid answer is", async () => {
    const { outcome, delivered, progress } = await turn(
      [[{ type: "delta", text: '{"temp' }, { type: "delta", text: 'erature": "warm"}' }, end("stop")], [{ type: "delta", text: '{"temperature": 4}' }, end("stop")]],
      rules,
    );
    expect(progress.failures).toEqual(["schema_mismatch"]);
    expect(delivered).toBe('{"temperature": 4}');
    expect(outcome).toMatchObject({ stepIndex: 1, finish: "stop" });
    expect(progress.families).toHaveLength(1);
  });

  it("no family passing: 502 saying the answers did not match the schema", async () => {
    const { outcome, delivered } = await turn([[{ type: "delta", text: "not json" }, end("stop")], [{ type: "delta", text: "[]" }, end("stop")]], rules);
    expect(delivered).toBe("");
    expect(outcome).toMatchObject({ code: "upstream_unavailable" });
    expect((outcome as AppError).message).toContain("schema");
  });
});
