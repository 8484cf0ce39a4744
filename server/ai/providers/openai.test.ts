// The OpenAI-compatible adapter's request shape: body, key header, image parts, continuation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { family, MODEL, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe("openai adapter request", () => {
  it("posts a streaming chat completion with usage requested and the key from api_key_env", async () => {
    process.env.FAKE_OPENAI_KEY = "sk-test-openai-123";
    const config = family("openai", upstream.url, "oa-shape", { api_key_env: "FAKE_OPENAI_KEY" });
    const messages = [{ role: "system" as const, content: "Be brief." }, user("Hi [[tag oa-shape]]")];
    const outcome = await run(config, { messages, maxOutputTokens: 77, temperature: 0.4 });
    expect(outcome.error).toBeUndefined();
    const [seen] = upstream.requests("oa-shape");
    expect(seen.path).toBe("/oa-shape/v1/chat/completions");
    expect(seen.headers.authorization).toBe("Bearer sk-test-openai-123");
    expect(seen.body).toMatchObject({ model: MODEL, stream: true, stream_options: { include_usage: true }, max_tokens: 77, temperature: 0.4 });
    expect(seen.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi [[tag oa-shape]]" },
    ]);
  });

  it("sends no authorization header without api_key_env, and fails early on an unset key", async () => {
    await run(family("openai", upstream.url, "oa-nokey"), { messages: [user("Hi [[tag oa-nokey]]")] });
    expect(upstream.requests("oa-nokey")[0].headers.authorization).toBeUndefined();
    delete process.env.FAKE_UNSET_KEY;
    const outcome = await run(family("openai", upstream.url, "oa-nokey", { api_key_env: "FAKE_UNSET_KEY" }));
    expect(outcome.error).toBeInstanceOf(UpstreamFailure);
    expect((outcome.error as UpstreamFailure).kind).toBe("rejected");
  });

  it("sends image parts as image_url and text-only parts as one string", async () => {
    const messages = [
      user([
        { type: "text", text: "What is in this picture? [[tag oa-image]]" },
        { type: "image", url: "https://images.example/cat.png" },
      ]),
      { role: "assistant" as const, content: [{ type: "text" as const, text: "A cat." }] },
      user("And its colour?"),
    ];
    await run(family("openai", upstream.url, "oa-image"), { messages });
    expect(upstream.requests("oa-image")[0].messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this picture? [[tag oa-image]]" },
          { type: "image_url", image_url: { url: "https://images.example/cat.png" } },
        ],
      },
      { role: "assistant", content: "A cat." },
      { role: "user", content: "And its colour?" },
    ]);
  });

  it("appends the continuation as an assistant message (prefill) or a quoting user message (instruction)", async () => {
    const config = family("openai", upstream.url, "oa-cont");
    const messages = [user("Go on [[tag oa-cont]]")];
    await run(config, { messages, continuation: { text: "Half an ans", mode: "prefill" } });
    await run(config, { messages, continuation: { text: "Half an ans", mode: "instruction" } });
    const [prefill, instruction] = upstream.requests("oa-cont").map((r) => r.messages.at(-1) as { role: string; content: string });
    expect(prefill).toEqual({ role: "assistant", content: "Half an ans" });
    expect(instruction.role).toBe("user");
    expect(instruction.content).toContain("Half an ans");
    expect(instruction.content).toMatch(/do not repeat/i);
  });
});

describe("openai adapter request with tools", () => {
  const weather = { name: "get_weather", description: "Weather.", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true };

  it("sends tools, tool_choice, parallel_tool_calls and the sampling fields", async () => {
    await run(family("openai", upstream.url, "oa-tools"), {
      messages: [user("Hi [[tag oa-tools]]")],
      tools: [weather, { name: "get_time", parameters: { type: "object" } }],
      toolChoice: { name: "get_time" },
      parallelToolCalls: false,
      sampling: { topP: 0.9, presencePenalty: 0.5, frequencyPenalty: -0.5, logitBias: { "50256": -100 } },
    });
    expect(upstream.requests("oa-tools")[0].body).toMatchObject({
      tools: [
        { type: "function", function: { name: "get_weather", description: "Weather.", parameters: weather.parameters, strict: true } },
        { type: "function", function: { name: "get_time", parameters: { type: "object" } } },
      ],
      tool_choice: { type: "function", function: { name: "get_time" } },
      parallel_tool_calls: false,
      top_p: 0.9,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      logit_bias: { "50256": -100 },
    });
    await run(family("openai", upstream.url, "oa-tools"), { messages: [user("Hi [[tag oa-tools]]")], tools: [weather], toolChoice: "required" });
    expect(upstream.requests("oa-tools")[1].body.tool_choice).toBe("required");
  });

  it("sends no tool fields without tools, even with parallel_tool_calls set (the API refuses it alone)", async () => {
    await run(family("openai", upstream.url, "oa-notools"), { messages: [user("Hi [[tag oa-notools]]")], parallelToolCalls: true });
    const { body } = upstream.requests("oa-notools")[0];
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("parallel_tool_calls");
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("top_p");
  });

  it("asks for a json_schema response format when the request has a response schema, json_object for JSON mode", async () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    await run(family("openai", upstream.url, "oa-format"), { messages: [user("Hi [[tag oa-format]]")], json: true, responseSchema: { name: "thing", schema, strict: true } });
    await run(family("openai", upstream.url, "oa-format"), { messages: [user("Hi [[tag oa-format]]")], json: true });
    const [withSchema, jsonMode] = upstream.requests("oa-format").map((r) => r.body.response_format);
    expect(withSchema).toEqual({ type: "json_schema", json_schema: { name: "thing", schema, strict: true } });
    expect(jsonMode).toEqual({ type: "json_object" });
  });

  it("sends earlier calls as assistant tool_calls (arguments as JSON text) and results as tool messages", async () => {
    const messages = [
      user("Weather in Rome and Oslo? [[tag oa-history]]"),
      {
        role: "assistant" as const,
        content: "",
        toolCalls: [
          { id: "call_1", name: "get_weather", arguments: '{"city":"Rome"}' },
          { id: "call_2", name: "get_weather", arguments: '{"city":"Oslo"}' },
        ],
      },
      { role: "tool" as const, toolCallId: "call_1", content: "sunny" },
      { role: "tool" as const, toolCallId: "call_2", content: [{ type: "text" as const, text: "rain" }] },
    ];
    await run(family("openai", upstream.url, "oa-history"), { messages, tools: [weather] });
    expect(upstream.requests("oa-history")[0].messages).toEqual([
      { role: "user", content: "Weather in Rome and Oslo? [[tag oa-history]]" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Rome"}' } },
          { id: "call_2", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "sunny" },
      { role: "tool", tool_call_id: "call_2", content: "rain" },
    ]);
  });
});
