// The Anthropic door (server/ai/doors/anthropic.ts) driven by the official `@anthropic-ai/sdk` and by
// the AI SDK's `@ai-sdk/anthropic`, unchanged but for their base URL and key, against each kind of
// family (the sandbox, the fake upstream in the OpenAI-compatible and in the Anthropic wire format):
// messages.create, messages.stream with finalMessage(), tools in a two-step loop, countTokens,
// generateText / streamText with tools; each answer's credits are in the ledger. Then the door's
// own edges on the suite's server: x-api-key or Bearer, the stream's event sequence, and errors in
// Anthropic's shape (the SDK's error classes).
import { createAnthropic } from "@ai-sdk/anthropic";
import Anthropic from "@anthropic-ai/sdk";
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { jsonSchemaOutputFormat } from "@anthropic-ai/sdk/helpers/json-schema";
import { expect, test } from "@playwright/test";
import { generateText, jsonSchema, stepCountIs, streamText, tool, type LanguageModel } from "ai";
import { aiKey, creditsFor, newTag, prompt, ratesOf, seen } from "../fixtures/ai";
import { recordingFetch } from "../fixtures/api";
import { askBoth, askWeather, clockParameters, expectValidArguments, weatherParameters, weatherResult } from "../fixtures/client-tools";
import { FAMILY_KINDS, kindServer, type KindServer } from "../fixtures/family-kinds";
import { state } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 66;

const weather: Anthropic.Tool = { name: "get_weather", description: "The weather now in a city.", input_schema: weatherParameters as Anthropic.Tool.InputSchema };
const clock: Anthropic.Tool = { name: "get_time", description: "The time now in a zone.", input_schema: clockParameters as Anthropic.Tool.InputSchema };

type Extension = { switchyard: { credits: number; routing: { reason: string; attempts: number } } };

/** The message's credits follow from its usage and the live rates, and the ledger of its server holds that charge. */
async function expectCharged(server: KindServer, product: string, message: { usage: { input_tokens: number; output_tokens: number } }) {
  const { credits } = (message as unknown as Extension).switchyard;
  const rates = (await (await server.fetch(`${server.base}/api/public/v1/ai/products`)).json()).data.find((p: { id: string }) => p.id === product).rates;
  expect(credits).toBeGreaterThan(0);
  expect(credits).toBe(creditsFor(rates, message.usage.input_tokens, message.usage.output_tokens));
  await expect(async () => {
    const res = await fetch(`${server.base}/v1/billing/transactions?limit=100`, { headers: { authorization: `Bearer ${server.key}` } });
    const { transactions } = (await res.json()) as { transactions: { type: string; amount: number }[] };
    expect(transactions.some((t) => t.type === "charge" && t.amount === -credits)).toBe(true);
  }).toPass({ timeout: 10_000 });
}

for (const kind of FAMILY_KINDS) {
  test.describe(kind, () => {
    test.describe.configure({ mode: "serial" });
    let server: KindServer;
    let client: Anthropic;
    let model: LanguageModel;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await kindServer(kind, "clients-anthropic", PORT);
      client = new Anthropic({ apiKey: server.key, baseURL: `${server.base}/api/public/v1/anthropic`, maxRetries: 0, fetch: server.fetch });
      model = createAnthropic({ baseURL: `${server.base}/api/public/v1/anthropic/v1`, apiKey: server.key, fetch: server.fetch })(server.product);
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    const user = (tag: string, text: string): Anthropic.MessageParam[] => [{ role: "user", content: `${server.tagged(tag)}${text}` }];

    test("messages.create: one text block, end_turn, usage, model = product, credits charged", async () => {
      const tag = newTag("anth-create");
      const message = await client.messages.create({ model: server.product, max_tokens: 200, system: "Be brief.", messages: user(tag, "Describe a quiet walk by the river.") });
      expect(message).toMatchObject({ type: "message", role: "assistant", model: server.product, stop_reason: "end_turn", stop_sequence: null });
      expect(message.id).toMatch(/^gen_/);
      expect(message.content).toHaveLength(1);
      expect(message.content[0].type).toBe("text");
      expect((message.content[0] as Anthropic.TextBlock).text.length).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
      await expectCharged(server, server.product, message);
      await server.expectAnsweredBy(tag);
    });

    test("messages.stream and finalMessage(): the text as it came, the same final message, credits charged", async () => {
      const tag = newTag("anth-stream");
      const stream = client.messages.stream({ model: server.product, max_tokens: 200, messages: user(tag, "Describe a quiet walk by the river.") });
      let text = "";
      stream.on("text", (piece) => (text += piece));
      const message = await stream.finalMessage();
      expect(message.stop_reason).toBe("end_turn");
      expect(message.content).toHaveLength(1);
      expect(message.content[0]).toMatchObject({ type: "text", text });
      expect(text.length).toBeGreaterThan(0);
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
      await server.expectAnsweredBy(tag);
    });

    test("tools, two steps: a tool_use block with valid input, its tool_result sent back, the answer uses it", async () => {
      const tag = newTag("anth-loop");
      const first = await client.messages.create({ model: server.product, max_tokens: 300, messages: user(tag, askWeather), tools: [weather, clock] });
      expect(first.stop_reason).toBe("tool_use");
      const calls = first.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
      expect(calls.map((c) => c.name)).toEqual(["get_weather"]);
      expectValidArguments(weatherParameters, calls[0].input);
      await expectCharged(server, server.product, first);
      const second = await client.messages.create({
        model: server.product,
        max_tokens: 300,
        tools: [weather, clock],
        messages: [
          ...user(tag, askWeather),
          { role: "assistant", content: first.content },
          { role: "user", content: [{ type: "tool_result", tool_use_id: calls[0].id, content: JSON.stringify(weatherResult) }] },
        ],
      });
      expect(second.stop_reason).toBe("end_turn");
      expect((second.content[0] as Anthropic.TextBlock).text).toContain(JSON.stringify(weatherResult));
      await server.expectAnsweredBy(tag);
    });

    test("tools streamed: each call a tool_use block, its input whole; tool_choice any / tool / none", async () => {
      const tag = newTag("anth-stream-tools");
      const message = await client.messages.stream({ model: server.product, max_tokens: 300, messages: user(tag, askBoth), tools: [weather, clock] }).finalMessage();
      expect(message.stop_reason).toBe("tool_use");
      const calls = message.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
      expect(calls.map((c) => c.name)).toEqual(["get_weather", "get_time"]);
      expectValidArguments(weatherParameters, calls[0].input);
      expectValidArguments(clockParameters, calls[1].input);

      const names = async (tool_choice: Anthropic.ToolChoice, text: string) =>
        (await client.messages.create({ model: server.product, max_tokens: 300, messages: user(tag, text), tools: [weather, clock], tool_choice })).content
          .filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use")
          .map((c) => c.name);
      expect(await names({ type: "tool", name: "get_time" }, "Tell me a story.")).toEqual(["get_time"]);
      expect(await names({ type: "any" }, "Tell me a story.")).toHaveLength(1);
      expect(await names({ type: "auto", disable_parallel_tool_use: true }, askBoth)).toEqual(["get_weather"]);
      expect(await names({ type: "none" }, askWeather)).toEqual([]);
      await server.expectAnsweredBy(tag);
    });

    test("countTokens: the input tokens metering counts (the stream's message_start says the same)", async () => {
      const tag = newTag("anth-count");
      const request = { model: server.product, messages: user(tag, askWeather), system: "Be brief.", tools: [weather] };
      const counted = await client.messages.countTokens(request);
      expect(counted.input_tokens).toBeGreaterThan(0);
      const started: number[] = [];
      const stream = client.messages.stream({ ...request, max_tokens: 300 });
      stream.on("streamEvent", (event) => void (event.type === "message_start" && started.push(event.message.usage.input_tokens)));
      await stream.finalMessage();
      expect(started).toEqual([counted.input_tokens]);
      // Tools count as input.
      const without = await client.messages.countTokens({ model: server.product, messages: user(tag, askWeather), system: "Be brief." });
      expect(without.input_tokens).toBeLessThan(counted.input_tokens);
    });

    test("@ai-sdk/anthropic generateText with tools over two steps, and streamText", async () => {
      const tag = newTag("anth-aisdk");
      const calls: unknown[] = [];
      const weatherTool = tool({
        description: "The weather now in a city.",
        inputSchema: jsonSchema<{ city: string; unit: string }>(weatherParameters),
        execute: async (input) => (calls.push(input), weatherResult),
      });
      const result = await generateText({ model, prompt: `${server.tagged(tag)}${askWeather}`, tools: { get_weather: weatherTool }, stopWhen: stepCountIs(4), maxRetries: 0 });
      expect(calls).toHaveLength(1);
      expectValidArguments(weatherParameters, calls[0]);
      expect(result.steps.map((s) => s.finishReason)).toEqual(["tool-calls", "stop"]);
      expect(result.text).toContain(JSON.stringify(weatherResult));
      expect(result.steps[0].usage.inputTokens).toBeGreaterThan(0);

      const streamed = streamText({ model, prompt: `${server.tagged(tag)}Describe a quiet walk by the river.`, maxRetries: 0 });
      let text = "";
      const errors: unknown[] = [];
      for await (const part of streamed.fullStream) {
        if (part.type === "text-delta") text += part.text;
        if (part.type === "error") errors.push(part.error);
      }
      expect(errors).toEqual([]);
      expect(text.length).toBeGreaterThan(0);
      expect(await streamed.text).toBe(text);
      expect(await streamed.finishReason).toBe("stop");
      expect((await streamed.usage).outputTokens).toBeGreaterThan(0);

      const toolStream = streamText({ model, prompt: `${server.tagged(tag)}${askBoth}`, tools: { get_weather: tool({ inputSchema: jsonSchema(weatherParameters) }), get_time: tool({ inputSchema: jsonSchema(clockParameters) }) }, maxRetries: 0 });
      const named: string[] = [];
      for await (const part of toolStream.fullStream) {
        if (part.type === "tool-call") named.push(part.toolName);
        if (part.type === "error" || part.type === "tool-error") errors.push(part);
      }
      expect(errors).toEqual([]);
      expect(named).toEqual(["get_weather", "get_time"]);
      expect(await toolStream.finishReason).toBe("tool-calls");
      await server.expectAnsweredBy(tag);
    });

    // The SDK's helpers coding tools lean on, on the engine that is always there (the fake
    // upstreams' own stop and schema handling is the business of the openai-params specs).
    if (kind === "sandbox") {
      test("messages.parse with output_config.format, a matched stop sequence, and the beta toolRunner's loop ending", async () => {
        const parsed = await client.messages.parse({
          model: server.product, max_tokens: 300, messages: user(newTag("anth-parse"), "A city and its country, please."),
          output_config: { format: jsonSchemaOutputFormat({ type: "object", properties: { city: { type: "string" }, country: { type: "string" } }, required: ["city", "country"], additionalProperties: false }) },
        });
        expect(parsed.parsed_output).toEqual({ city: expect.any(String), country: expect.any(String) });

        const stopped = await client.messages.create({ model: server.product, max_tokens: 200, messages: user(newTag("anth-stop"), "Explain B-trees briefly."), stop_sequences: ["the"] });
        expect(stopped).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: "the" });
        expect((stopped.content[0] as Anthropic.TextBlock).text).not.toMatch(/\bthe\b/);

        const ran: unknown[] = [];
        const lookup = betaTool({
          name: "get_weather", description: "The weather now in a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          run: async (input) => { ran.push(input); return "Sunny, 21 C"; },
        });
        const final = await client.beta.messages.toolRunner({ model: server.product, max_tokens: 300, messages: [{ role: "user", content: "Use get_weather for Oslo and tell me." }], tools: [lookup] });
        expect(ran).toHaveLength(1);
        expect(final.stop_reason).toBe("end_turn");
        expect(final.content.map((block) => (block.type === "text" ? block.text : block.type)).join(" ")).toContain("Sunny, 21 C");
      });
    }
  });
}

test.describe("the door's edges", () => {
  const base = () => `${state().baseURL}/api/public/v1/anthropic`;
  let key: string;
  let recorder: ReturnType<typeof recordingFetch>;

  test.beforeEach(async () => {
    key = await aiKey();
    recorder = recordingFetch();
  });

  test.afterEach(async () => {
    await recorder.flush();
  });

  test("the key in x-api-key (apiKey) or as a Bearer (authToken); model switchyard/scholar", async () => {
    for (const client of [
      new Anthropic({ apiKey: key, baseURL: base(), maxRetries: 0, fetch: recorder.fetch }),
      new Anthropic({ apiKey: null, authToken: key, baseURL: base(), maxRetries: 0, fetch: recorder.fetch }),
    ]) {
      const tag = newTag("anth-auth");
      const message = await client.messages.create({ model: "switchyard/scholar", max_tokens: 100, messages: [{ role: "user", content: prompt(tag) }] });
      expect(message.model).toBe("scholar");
      expect((message.content[0] as Anthropic.TextBlock).text).toBe((await seen(tag))[0].answer);
      const rates = await ratesOf("scholar");
      expect((message as unknown as Extension).switchyard.credits).toBe(creditsFor(rates, message.usage.input_tokens, message.usage.output_tokens));
    }
  });

  test("the stream's events in Anthropic's order, named, ending in message_stop", async () => {
    const tag = newTag("anth-events");
    const res = await recorder.fetch(`${base()}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "scholar", max_tokens: 200, stream: true, messages: [{ role: "user", content: prompt(tag, "words 12") }] }),
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = (await res.text())
      .split("\n\n")
      .filter((block) => block.trim() && !block.startsWith(":"))
      .map((block) => ({ name: /^event: (.*)$/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) }));
    expect(events.every((e) => e.data.type === e.name)).toBe(true);
    const names = events.map((e) => e.name);
    const deltas = names.filter((n) => n === "content_block_delta").length;
    expect(deltas).toBeGreaterThan(1);
    expect(names).toEqual(["message_start", "ping", "content_block_start", ...Array(deltas).fill("content_block_delta"), "content_block_stop", "message_delta", "message_stop"]);
    const text = events.filter((e) => e.name === "content_block_delta").map((e) => e.data.delta.text).join("");
    expect(text).toBe((await seen(tag))[0].answer);
    const delta = events.find((e) => e.name === "message_delta")!.data;
    expect(delta.delta).toEqual({ stop_reason: "end_turn", stop_sequence: null });
    expect(delta.switchyard.credits).toBe(creditsFor(await ratesOf("scholar"), delta.usage.input_tokens, delta.usage.output_tokens));
  });

  test("errors in Anthropic's shape, as the SDK's error classes", async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base(), maxRetries: 0, timeout: 60_000, fetch: recorder.fetch }); // a timeout of its own: else the SDK refuses a non-streamed max_tokens of 32,000 before sending it
    const failed = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as InstanceType<typeof Anthropic.APIError>);
    const hello = [{ role: "user" as const, content: "hello" }];

    const badKey = await failed(new Anthropic({ apiKey: "swk_not-a-key", baseURL: base(), maxRetries: 0, fetch: recorder.fetch }).messages.create({ model: "scholar", max_tokens: 10, messages: hello }));
    expect(badKey).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(badKey!.error).toMatchObject({ type: "error", error: { type: "authentication_error" }, code: "invalid_api_key", request_id: expect.stringMatching(/^req_/) });

    // A field Anthropic's types do not have is left out and named, as gateways for these clients do.
    const { data: unknownField, response: unknownFieldResponse } = await client.messages
      .create({ model: "scholar", max_tokens: 10, messages: hello, frequency_penalty: 1 } as Anthropic.MessageCreateParamsNonStreaming)
      .withResponse();
    expect(unknownField.type).toBe("message");
    expect(unknownFieldResponse.headers.get("x-switchyard-ignored-params")).toBe("frequency_penalty");

    const noMax = await failed(client.messages.create({ model: "scholar", messages: hello } as unknown as Anthropic.MessageCreateParamsNonStreaming));
    expect(noMax!.error).toMatchObject({ code: "invalid_body", param: "max_tokens" });

    // Above the product's limit (coding agents send one limit to every model): clamped, and said.
    const { data: clamped, response: clampedResponse } = await client.messages
      .create({ model: "scholar", max_tokens: 32_000, messages: hello, top_k: 5 } as Anthropic.MessageCreateParamsNonStreaming)
      .withResponse();
    expect(clamped.type).toBe("message");
    expect(clampedResponse.headers.get("x-switchyard-clamped-params")).toMatch(/^max_tokens=\d+$/);
    expect(clampedResponse.headers.get("x-switchyard-ignored-params")).toBe("top_k");
    expect(clampedResponse.headers.get("request-id")).toMatch(/^req_/);

    const unknownModel = await failed(client.messages.create({ model: "some-other-model", max_tokens: 10, messages: hello }));
    expect(unknownModel).toBeInstanceOf(Anthropic.NotFoundError);
    expect(unknownModel!.error).toMatchObject({ error: { type: "not_found_error" }, code: "not_found", param: "model" });
    expect(unknownModel!.requestID).toMatch(/^req_/);

    // countTokens counts as a generation does: over the product's limit is its 413, in this door's words.
    const distinct = Array.from({ length: 24_000 }, (_, i) => `w${(i * 7919).toString(36)}`).join(" ");
    const overLimit = await failed(client.messages.countTokens({ model: "fire", messages: [{ role: "user", content: distinct }] }));
    expect(overLimit!.status).toBe(413);
    expect(overLimit!.error).toMatchObject({ error: { type: "request_too_large" }, code: "input_too_large" });
    const countModel = await failed(client.messages.countTokens({ model: "some-other-model", messages: hello }));
    expect(countModel!.error).toMatchObject({ code: "not_found", param: "model" });

    const readKey = new Anthropic({ apiKey: state().c.readKey, baseURL: base(), maxRetries: 0, fetch: recorder.fetch });
    const scope = await failed(readKey.messages.create({ model: "scholar", max_tokens: 10, messages: hello }));
    expect(scope).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(scope!.error).toMatchObject({ error: { type: "permission_error" }, code: "insufficient_scope", required_scope: "read_write" });

    const missing = await failed(client.models.retrieve("gpt-4o"));
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect(missing!.error).toMatchObject({ error: { type: "not_found_error" }, code: "not_found" });

    // Refusals before any key check answer in the door's shape too: no key, a wrong method, a path that is not there, a bad version.
    const raw = async (method: string, path: string, headers: Record<string, string> = {}) => {
      const res = await recorder.fetch(`${base()}${path}`, { method, headers: { "content-type": "application/json", ...headers }, ...(method === "POST" ? { body: "{}" } : {}) });
      return { status: res.status, body: await res.json() };
    };
    expect(await raw("POST", "/v1/messages")).toMatchObject({ status: 401, body: { type: "error", error: { type: "authentication_error" }, code: "missing_api_key" } });
    expect(await raw("GET", "/v1/messages", { "x-api-key": key })).toMatchObject({ status: 405, body: { type: "error", code: "method_not_allowed" } });
    expect(await raw("GET", "/v1/nothing-here")).toMatchObject({ status: 404, body: { type: "error", error: { type: "not_found_error" }, code: "not_found" } });
    expect(await raw("GET", "/v1/models", { "x-api-key": key, "anthropic-version": "latest" })).toMatchObject({ status: 400, body: { code: "invalid_body", param: "anthropic-version" } });
  });

  test("models.list and models.retrieve: the five products", async () => {
    const client = new Anthropic({ apiKey: state().c.readKey, baseURL: base(), maxRetries: 0, fetch: recorder.fetch });
    const ids: string[] = [];
    for await (const model of client.models.list()) {
      expect(model.type).toBe("model");
      ids.push(model.id);
    }
    expect(ids.sort()).toEqual(["advanced", "fire", "scholar", "sentinel", "vision"]);
    expect(await client.models.retrieve("switchyard/vision")).toMatchObject({ type: "model", id: "vision", created_at: "2026-03-02T00:00:00.000Z" });
  });

  test("an image block (base64) goes to vision; images on scholar are refused, naming the product to use", async () => {
    const client = new Anthropic({ apiKey: key, baseURL: base(), maxRetries: 0, fetch: recorder.fetch });
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const content: Anthropic.ContentBlockParam[] = [
      { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
      { type: "text", text: prompt(newTag("anth-image")) },
    ];
    const message = await client.messages.create({ model: "vision", max_tokens: 100, messages: [{ role: "user", content }] });
    expect(message.stop_reason).toBe("end_turn");
    const refused = await client.messages.create({ model: "scholar", max_tokens: 100, messages: [{ role: "user", content }] }).then(() => undefined, (e: unknown) => e as InstanceType<typeof Anthropic.APIError>);
    expect(refused!.error).toMatchObject({ code: "product_not_allowed", suggested_product: "vision" });
  });
});
