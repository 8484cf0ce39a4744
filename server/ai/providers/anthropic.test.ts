// The Anthropic adapter's request shape and its own stream events.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { family, MODEL, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe("anthropic adapter request", () => {
  it("posts to /messages with x-api-key, the version header and the system messages joined", async () => {
    process.env.FAKE_ANTHROPIC_KEY = "sk-test-anthropic-456";
    const config = family("anthropic", upstream.url, "an-shape", { api_key_env: "FAKE_ANTHROPIC_KEY" });
    const messages = [{ role: "system" as const, content: "Be brief." }, { role: "system" as const, content: "Be kind." }, user("Hi [[tag an-shape]]")];
    const outcome = await run(config, { messages, maxOutputTokens: 50, temperature: 1.5 });
    expect(outcome.error).toBeUndefined();
    const [seen] = upstream.requests("an-shape");
    expect(seen.path).toBe("/an-shape/v1/messages");
    expect(seen.headers["x-api-key"]).toBe("sk-test-anthropic-456");
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers["anthropic-version"]).toBe("2023-06-01");
    // The API accepts 0..1 only.
    expect(seen.body).toMatchObject({ model: MODEL, max_tokens: 50, stream: true, system: "Be brief.\n\nBe kind.", temperature: 1 });
    expect(seen.messages).toEqual([{ role: "user", content: "Hi [[tag an-shape]]" }]);
  });

  it("uses the family's api_version", async () => {
    await run(family("anthropic", upstream.url, "an-version", { api_version: "2099-01-01" }), { messages: [user("Hi [[tag an-version]]")] });
    expect(upstream.requests("an-version")[0].headers["anthropic-version"]).toBe("2099-01-01");
  });

  it("sends https images as url sources and data: URLs as base64 sources", async () => {
    const messages = [
      user([
        { type: "text", text: "Compare these. [[tag an-image]]" },
        { type: "image", url: "https://images.example/a.png" },
        { type: "image", url: "data:image/png;base64,iVBORw0KGgo=" },
      ]),
    ];
    await run(family("anthropic", upstream.url, "an-image"), { messages });
    expect(upstream.requests("an-image")[0].messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Compare these. [[tag an-image]]" },
          { type: "image", source: { type: "url", url: "https://images.example/a.png" } },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        ],
      },
    ]);
  });

  it("sends a prefill without trailing white space and drops the white space the continuation starts with", async () => {
    const messages = [user("Tell me more [[tag an-prefill]]")];
    const config = family("anthropic", upstream.url, "an-prefill");
    const whole = await run(config, { messages });
    const begun = whole.text.split(" ").slice(0, 2).join(" ") + " ";
    const rest = await run(config, { messages, continuation: { text: begun, mode: "prefill" } });
    expect(upstream.requests("an-prefill")[1].messages.at(-1)).toEqual({ role: "assistant", content: begun.trimEnd() });
    expect(rest.text).not.toMatch(/^\s/);
    expect(begun + rest.text).toBe(whole.text);
  });

  it("maps an in-stream rate_limit_error to rate_limited and overloaded_error to server_error", async () => {
    const config = family("anthropic", upstream.url, "an-err");
    const limited = await run(config, { messages: [user("x [[fault an-err stream_error n=1 type=rate_limit_error]]")] });
    expect((limited.error as UpstreamFailure).kind).toBe("rate_limited");
    const overloaded = await run(config, { messages: [user("x [[fault an-err stream_error type=overloaded_error]]")] });
    expect((overloaded.error as UpstreamFailure).kind).toBe("server_error");
  });

  it("reports input tokens from message_start and output tokens from message_delta in one usage event", async () => {
    const outcome = await run(family("anthropic", upstream.url, "an-usage"), { messages: [user("Count me [[tag an-usage]] [[words 9]]")] });
    const usage = outcome.events.filter((e) => e.type === "usage");
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(outcome.events.at(-2)).toEqual(usage[0]);
  });
});

describe("anthropic adapter request with tools", () => {
  const weather = { name: "get_weather", description: "Weather.", parameters: { type: "object", properties: { city: { type: "string" } } }, strict: true };
  const time = { name: "get_time", parameters: { type: "object", properties: {} } };
  const sent = async (tag: string, fields: Parameters<typeof run>[1]) => {
    await run(family("anthropic", upstream.url, "an-tools"), { messages: [user(`Hi [[tag ${tag}]]`)], ...fields });
    return upstream.requests(tag)[0].body;
  };

  it("sends tools with input_schema and translates each tool choice", async () => {
    const auto = await sent("an-auto", { tools: [weather, time] });
    expect(auto.tools).toEqual([
      { name: "get_weather", description: "Weather.", input_schema: weather.parameters },
      { name: "get_time", input_schema: time.parameters },
    ]);
    expect(auto.tool_choice).toEqual({ type: "auto" });
    expect((await sent("an-required", { tools: [weather], toolChoice: "required" })).tool_choice).toEqual({ type: "any" });
    expect((await sent("an-named", { tools: [weather, time], toolChoice: { name: "get_time" } })).tool_choice).toEqual({ type: "tool", name: "get_time" });
    expect((await sent("an-none", { tools: [weather], toolChoice: "none" })).tool_choice).toEqual({ type: "none" });
  });

  it("turns parallel_tool_calls false into disable_parallel_tool_use on the tool choice", async () => {
    expect((await sent("an-single", { tools: [weather], parallelToolCalls: false })).tool_choice).toEqual({ type: "auto", disable_parallel_tool_use: true });
    expect((await sent("an-single-any", { tools: [weather], toolChoice: "required", parallelToolCalls: false })).tool_choice).toEqual({ type: "any", disable_parallel_tool_use: true });
  });

  it("sends top_p only without a temperature, and none of the penalties", async () => {
    const sampling = { topP: 0.8, presencePenalty: 1, frequencyPenalty: 1, logitBias: { "1": 1 } };
    const alone = await sent("an-topp", { sampling });
    expect(alone.top_p).toBe(0.8);
    expect(alone).not.toHaveProperty("presence_penalty");
    expect(alone).not.toHaveProperty("logit_bias");
    expect(await sent("an-topp-temp", { sampling, temperature: 0.5 })).not.toHaveProperty("top_p");
  });

  it("sends earlier calls as tool_use blocks with object input and consecutive results in one user turn", async () => {
    const messages = [
      user("Weather in Rome and Oslo? [[tag an-history]]"),
      {
        role: "assistant" as const,
        content: "Let me look.",
        toolCalls: [
          { id: "toolu_1", name: "get_weather", arguments: '{"city":"Rome"}' },
          { id: "toolu_2", name: "get_weather", arguments: '{"city":"Oslo"}' },
        ],
      },
      { role: "tool" as const, toolCallId: "toolu_1", content: "sunny" },
      { role: "tool" as const, toolCallId: "toolu_2", content: "rain" },
      { role: "assistant" as const, content: "Sunny in Rome, rain in Oslo." },
      user("Thanks."),
    ];
    await run(family("anthropic", upstream.url, "an-tools"), { messages, tools: [weather] });
    expect(upstream.requests("an-history")[0].messages).toEqual([
      { role: "user", content: "Weather in Rome and Oslo? [[tag an-history]]" },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Rome" } },
          { type: "tool_use", id: "toolu_2", name: "get_weather", input: { city: "Oslo" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "sunny" },
          { type: "tool_result", tool_use_id: "toolu_2", content: "rain" },
        ],
      },
      { role: "assistant", content: "Sunny in Rome, rain in Oslo." },
      { role: "user", content: "Thanks." },
    ]);
  });

  it("refuses, before any request, an earlier call whose arguments are not a JSON object", async () => {
    const messages = [user("x [[tag an-badhistory]]"), { role: "assistant" as const, content: "", toolCalls: [{ id: "t", name: "get_weather", arguments: "[1," }] }, { role: "tool" as const, toolCallId: "t", content: "?" }];
    const outcome = await run(family("anthropic", upstream.url, "an-tools"), { messages, tools: [weather] });
    expect((outcome.error as UpstreamFailure).kind).toBe("rejected");
    expect(upstream.requests("an-badhistory")).toEqual([]);
  });

  it("asks for a response schema through a forced answer tool, instead of the JSON instruction", async () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    const alone = await sent("an-schema", { json: true, responseSchema: { name: "the thing", schema } });
    expect(alone.tools).toEqual([{ name: "the_thing", description: expect.any(String), input_schema: schema }]);
    expect(alone.tool_choice).toEqual({ type: "tool", name: "the_thing" });
    expect(alone).not.toHaveProperty("system");
    // With tools the model may call, it calls one of them or answers through the answer tool.
    const withTools = await sent("an-schema-tools", { responseSchema: { name: "get_weather", schema }, tools: [weather] });
    expect((withTools.tools as { name: string }[]).map((t) => t.name)).toEqual(["get_weather", "answer_get_weather"]);
    expect(withTools.tool_choice).toEqual({ type: "any" });
    // A required call leaves no room for a schema answer.
    const required = await sent("an-schema-required", { responseSchema: { name: "x", schema }, tools: [weather], toolChoice: "required" });
    expect((required.tools as { name: string }[]).map((t) => t.name)).toEqual(["get_weather"]);
  });
});
