// The tool and response-format fields on both doors: what the native schema takes and refuses, and
// how the OpenAI door's request becomes the native one (arguments as JSON text → objects).
import { describe, expect, it } from "vitest";
import { toGenerationRequest } from "./doors/openai-request";
import { chatCompletionRequest } from "./openai-schema";
import { generationRequest } from "./schema";

const tool = (name: string) => ({ type: "function", function: { name, parameters: { type: "object", properties: {} } } });
const issues = (body: unknown) => {
  const parsed = generationRequest.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("native request", () => {
  it("takes tools, tool_choice, parallel_tool_calls, every response format, and tool turns", () => {
    const body = {
      messages: [
        { role: "user", content: "Weather in Oslo?" },
        { role: "assistant", tool_calls: [{ id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }] },
        { role: "tool", tool_call_id: "call_1", content: '{"temperature": 4}' },
      ],
      tools: [tool("get_weather")],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      parallel_tool_calls: false,
    };
    expect(issues(body)).toEqual([]);
    for (const format of [{ type: "text" }, { type: "json_object" }, { type: "json_schema", json_schema: { name: "w", schema: { type: "object" }, strict: true } }]) {
      expect(issues({ prompt: "x", response_format: format })).toEqual([]);
    }
  });

  it("up to 64 tools, names [a-zA-Z0-9_-]{1,64}, unique", () => {
    expect(issues({ prompt: "x", tools: Array.from({ length: 64 }, (_, i) => tool(`t_${i}`)) })).toEqual([]);
    expect(issues({ prompt: "x", tools: Array.from({ length: 65 }, (_, i) => tool(`t_${i}`)) })).toHaveLength(1);
    expect(issues({ prompt: "x", tools: [tool("has space")] })[0]).toMatch(/^tools\.0\.function\.name: 1 to 64 characters/);
    expect(issues({ prompt: "x", tools: [tool("x".repeat(65))] })).toHaveLength(1);
    expect(issues({ prompt: "x", tools: [tool("A-b_9"), tool("A-b_9")] })).toEqual(["tools.1.function.name: must be unique: \"A-b_9\" is defined twice"]);
  });

  it("arguments are an object on the native API; tool turns need tool_call_id; fields stay on their roles", () => {
    expect(issues({ messages: [{ role: "assistant", tool_calls: [{ id: "c", name: "f", arguments: '{"a":1}' }] }] })[0]).toMatch(/^messages\.0\.tool_calls\.0\.arguments/);
    expect(issues({ messages: [{ role: "tool", content: "4" }] })[0]).toMatch(/^messages\.0\.tool_call_id: is required/);
    expect(issues({ messages: [{ role: "user", content: "x", tool_call_id: "c" }] })[0]).toMatch(/^messages\.0\.tool_call_id: goes on tool turns only/);
    expect(issues({ messages: [{ role: "user" }] })[0]).toMatch(/^messages\.0\.content: is required/);
  });
});

describe("OpenAI door request", () => {
  const chat = (extra: object) => chatCompletionRequest.parse({ model: "scholar", messages: [{ role: "user", content: "hi" }], ...extra });
  const param = (extra: object) => {
    try {
      toGenerationRequest(chat(extra));
    } catch (error) {
      return (error as { extra?: { param?: string } }).extra?.param;
    }
    return undefined;
  };

  it("maps tools, tool turns (arguments parsed), response_format and sampling onto the native request", () => {
    const request = toGenerationRequest(
      chat({
        messages: [
          { role: "developer", content: "Be brief." },
          { role: "user", content: "Weather?" },
          { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }] },
          { role: "tool", tool_call_id: "call_1", content: "4 degrees" },
        ],
        tools: [tool("get_weather")],
        tool_choice: "required",
        parallel_tool_calls: false,
        response_format: { type: "json_schema", json_schema: { name: "w", schema: { type: "object" } } },
        top_p: 0.5,
        presence_penalty: 1,
        frequency_penalty: -1,
        logit_bias: { "50256": -100 },
        store: false,
        metadata: { a: "b" },
      }),
    );
    expect(request.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather?" },
      { role: "assistant", tool_calls: [{ id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }] },
      { role: "tool", tool_call_id: "call_1", content: "4 degrees" },
    ]);
    expect(request).toMatchObject({ tool_choice: "required", parallel_tool_calls: false, response_format: { type: "json_schema" }, metadata: { a: "b" } });
    expect(request.sampling).toEqual({ topP: 0.5, presencePenalty: 1, frequencyPenalty: -1, logitBias: { "50256": -100 } });
  });

  it("refuses the deprecated functions, store: true, and arguments that are not a JSON object, by name", () => {
    expect(param({ functions: [{ name: "f" }] })).toBe("functions");
    expect(param({ function_call: "auto" })).toBe("function_call");
    expect(param({ store: true })).toBe("store");
    expect(param({ n: 2 })).toBe("n");
    const bad = { messages: [{ role: "assistant", tool_calls: [{ id: "c", type: "function", function: { name: "f", arguments: "[1]" } }] }] };
    expect(param(bad)).toBe("messages.0.tool_calls.0.function.arguments");
    expect(param({ tools: [], tool_choice: "none", functions: [], store: false })).toBeUndefined();
  });
});
