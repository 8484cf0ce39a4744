// Issue 38, row 3: a request's tools and schemas are measured before anything is compiled or
// counted (413 naming the field and its limit), and count_tokens never compiles at all.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { answerRules } from "./answer-rules";
import { inputTokensOf } from "./doors/anthropic-request";
import { MAX_SCHEMA_BYTES, MAX_SCHEMA_NODES, MAX_TOOLS_BYTES } from "./input-limits";
import { countTokensRequest } from "./anthropic-schema";
import type { GenerationInput } from "./schema";

const request = (fields: Partial<GenerationInput>): GenerationInput => ({ prompt: "hi", stream: false, risk: 0.3, ...fields });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error as AppError;
  }
  return undefined;
};

/** `n` required string properties, each with a pattern: the shapes the review sent. */
const wide = (n: number, pattern = "^[a-z]+$") => ({
  type: "object",
  properties: Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: "string", pattern }])),
  required: Array.from({ length: n }, (_, i) => `p${i}`),
});
const strictTool = (i: number, parameters: Record<string, unknown>) => ({ type: "function" as const, function: { name: `tool_${i}`, strict: true, parameters } });

describe("the bounds of a request's schemas", () => {
  it("a json_schema of 13,000 required properties is refused by its size, without compiling", () => {
    const error = refusal(() => answerRules(request({ response_format: { type: "json_schema", json_schema: { name: "x", schema: wide(13_000) } } })));
    expect(error).toMatchObject({ code: "input_too_large", extra: { param: "response_format.json_schema.schema", limit: MAX_SCHEMA_BYTES } });
    expect(error?.message).toContain("MAX_SCHEMA_BYTES");
  });

  it("counts subschemas over the response schema and every strict tool, naming the one that crosses the limit", () => {
    const tools = Array.from({ length: 4 }, (_, i) => strictTool(i, wide(300, "")));
    const error = refusal(() => answerRules(request({ tools })));
    expect(error).toMatchObject({ code: "input_too_large", extra: { param: "tools.3.function.parameters", limit: MAX_SCHEMA_NODES } });
    // Tools that are not strict are never compiled: their schemas count toward the tools' bytes only.
    expect(refusal(() => answerRules(request({ tools: tools.map((t) => ({ ...t, function: { ...t.function, strict: false } })) })))).toBeUndefined();
  });

  it("all tool definitions together are at most MAX_TOOLS_BYTES", () => {
    const tools = Array.from({ length: 64 }, (_, i) => ({ type: "function" as const, function: { name: `tool_${i}`, description: "d".repeat(4096), parameters: wide(40) } }));
    expect(refusal(() => answerRules(request({ tools })))).toMatchObject({ code: "input_too_large", extra: { param: "tools", limit: MAX_TOOLS_BYTES } });
  });
});

describe("count_tokens", () => {
  it("counts a strict tool's schema as input and never compiles it (a broken one is not even looked at)", async () => {
    const body = countTokensRequest.parse({
      model: "scholar",
      messages: [{ role: "user", content: "Weather?" }],
      tools: [{ name: "get_weather", strict: true, input_schema: { type: "object", properties: { city: { type: 12 } } } }],
    });
    expect(await inputTokensOf(body)).toBeGreaterThan(10);
  });

  it("refuses the review's 977 KB of strict tools by their size", async () => {
    const tools = Array.from({ length: 64 }, (_, i) => ({ name: `tool_${i}`, strict: true, input_schema: wide(300, "^(a+)+$") }));
    const body = countTokensRequest.parse({ model: "scholar", messages: [{ role: "user", content: "hi" }], tools });
    await expect(inputTokensOf(body)).rejects.toMatchObject({ code: "input_too_large", extra: { param: "tools" } });
  });
});
