// The official `openai` SDK's Responses API through the Responses door, against each kind of family
// (the sandbox, the fake upstream in the OpenAI-compatible and in the Anthropic wire format):
// responses.create as JSON and streamed (numbered events, the text item opened once), the stream
// helper's finalResponse, a function tool loop (call → function_call_output → answer) and
// responses.parse with a zod text format; then the refusals of what a stateless door does not
// serve, each naming its field, as the SDK raises them.
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { zodTextFormat } from "openai/helpers/zod";
import { z } from "zod";
import { aiKey, creditsFor, heal } from "../fixtures/ai";
import { askBoth, askWeather, expectValidArguments, weatherParameters, weatherResult } from "../fixtures/client-tools";
import { FAMILY_KINDS, kindServer, newTag, type KindServer } from "../fixtures/family-kinds";
import { askResponses, clockTool, expectWellFormedStream, responsesClient, weatherTool } from "../fixtures/responses-door";
import { recordingFetch } from "../fixtures/api";
import { state } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 68;

type Rates = Parameters<typeof creditsFor>[0];
async function ratesOn(base: string, product: string): Promise<Rates> {
  const res = await fetch(`${base}/api/public/v1/ai/products`);
  const body = (await res.json()) as { data: { id: string; rates: Rates }[] };
  return body.data.find((p) => p.id === product)!.rates;
}

const calls = (response: OpenAI.Responses.Response) => response.output.filter((item) => item.type === "function_call");

for (const kind of FAMILY_KINDS) {
  test.describe(kind, () => {
    test.describe.configure({ mode: "serial" });
    let server: KindServer;
    let client: OpenAI;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await kindServer(kind, "clients-responses", PORT);
      // The first family's circuit closed (another spec's faults, or a cold start, may have opened it).
      if (kind !== "sandbox") await heal(kind === "openai-format" ? "vendorx" : "vendory");
      client = responsesClient(server.base, server.key, server.fetch);
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    const tagged = (tag: string, text: string) => `${server.tagged(tag)}${text}`;

    test("create: one message item with the text, usage, credits at the live rates, a resp_ id and the product as model", async () => {
      const tag = newTag("resp-text");
      const { response, text, usage, credits } = await askResponses(client, { model: `switchyard/${server.product}`, instructions: "Be brief.", input: tagged(tag, "Describe a quiet walk by the river."), metadata: { run: "text" } });
      expect(response).toMatchObject({ object: "response", status: "completed", model: server.product, error: null, incomplete_details: null, store: false, metadata: { run: "text" }, instructions: "Be brief." });
      expect(response.id).toMatch(/^resp_/);
      expect(response.output).toHaveLength(1);
      expect(response.output[0]).toMatchObject({ type: "message", role: "assistant", status: "completed", id: expect.stringMatching(/^msg_/) });
      expect(text.length).toBeGreaterThan(0);
      expect((response.output[0] as OpenAI.Responses.ResponseOutputMessage).content).toEqual([{ type: "output_text", text, annotations: [] }]);
      expect(usage!.total_tokens).toBe(usage!.input_tokens + usage!.output_tokens);
      expect(usage!.output_tokens).toBeGreaterThan(0);
      expect(credits).toBe(creditsFor(await ratesOn(server.base, server.product), usage!.input_tokens, usage!.output_tokens));
      await server.expectAnsweredBy(tag);
    });

    test("create, streamed: numbered events, the text item opened once, deltas that add up to the text; finalResponse agrees", async () => {
      const tag = newTag("resp-stream");
      const { response, text, events } = await askResponses(client, { model: server.product, input: [{ role: "user", content: [{ type: "input_text", text: tagged(tag, "Describe a quiet walk by the river.") }] }] }, true);
      expectWellFormedStream(events, "response.completed");
      const types = events.map((e) => e.type);
      expect(types.filter((t) => t === "response.output_item.added")).toHaveLength(1);
      expect(types.slice(2, 4)).toEqual(["response.output_item.added", "response.content_part.added"]);
      expect(types.slice(-4)).toEqual(["response.output_text.done", "response.content_part.done", "response.output_item.done", "response.completed"]);
      expect(types.filter((t) => t === "response.output_text.delta").length).toBeGreaterThan(0);
      const done = events.find((e) => e.type === "response.output_text.done") as OpenAI.Responses.ResponseTextDoneEvent;
      expect(done.text).toBe(text);
      expect(response.output).toEqual([expect.objectContaining({ type: "message", content: [{ type: "output_text", text, annotations: [] }] })]);
      expect(response.usage!.output_tokens).toBeGreaterThan(0);
      expect((response as { switchyard?: { credits: number } }).switchyard?.credits).toBeGreaterThan(0);
      await server.expectAnsweredBy(tag);

      const final = await client.responses.stream({ model: server.product, input: tagged(tag, "Describe a quiet walk by the river.") }).finalResponse();
      expect(final.status).toBe("completed");
      expect(final.output_text.length).toBeGreaterThan(0);
    });

    test("a function tool loop: a function_call item, its output sent back with the whole conversation, then the answer uses it", async () => {
      const tag = newTag("resp-loop");
      const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: tagged(tag, askWeather) }];
      const first = await client.responses.create({ model: server.product, input, tools: [weatherTool, clockTool] });
      expect(first.status).toBe("completed");
      const [call] = calls(first);
      expect(calls(first)).toHaveLength(1);
      expect(call).toMatchObject({ type: "function_call", name: "get_weather", status: "completed", call_id: expect.stringMatching(/^call_/), id: expect.stringMatching(/^fc_/) });
      expectValidArguments(weatherParameters, call.arguments);
      expect(first.output.some((item) => item.type === "message" && item.content.length === 0)).toBe(false);

      const second = await client.responses.create({
        model: server.product,
        input: [...input, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: "function_call_output", call_id: call.call_id, output: JSON.stringify(weatherResult) }],
        tools: [weatherTool, clockTool],
      });
      expect(second.status).toBe("completed");
      expect(calls(second)).toHaveLength(0);
      expect(second.output_text).toContain(JSON.stringify(weatherResult));
      await server.expectAnsweredBy(tag);
    });

    test("calls streamed: each whole, its arguments in one delta then done, after any text; the stream helper assembles them", async () => {
      const tag = newTag("resp-calls");
      const { response, events } = await askResponses(client, { model: server.product, input: tagged(tag, askBoth), tools: [weatherTool, clockTool] }, true);
      expectWellFormedStream(events, "response.completed");
      const made = calls(response);
      expect(made.map((c) => c.name)).toEqual(["get_weather", "get_time"]);
      for (const call of made) {
        const index = response.output.indexOf(call);
        const own = events.filter((e) => "output_index" in e && e.output_index === index).map((e) => e.type);
        expect(own).toEqual(["response.output_item.added", "response.function_call_arguments.delta", "response.function_call_arguments.done", "response.output_item.done"]);
        const deltas = events.filter((e): e is OpenAI.Responses.ResponseFunctionCallArgumentsDeltaEvent => e.type === "response.function_call_arguments.delta" && e.output_index === index);
        expect(deltas.map((d) => d.delta).join("")).toBe(call.arguments);
      }
      expectValidArguments(weatherParameters, made[0].arguments);

      const input = tagged(tag, askWeather);
      const final = await client.responses.stream({ model: server.product, input, tools: [weatherTool] }).finalResponse();
      expect(calls(final).map((c) => c.name)).toEqual(["get_weather"]);
      expectValidArguments(weatherParameters, calls(final)[0].arguments);
      // The helper's output (parsed_arguments added) goes back as it is.
      const answer = await client.responses.create({
        model: server.product,
        input: [{ role: "user", content: input }, ...(final.output as OpenAI.Responses.ResponseInputItem[]), { type: "function_call_output", call_id: calls(final)[0].call_id, output: JSON.stringify(weatherResult) }],
        tools: [weatherTool],
      });
      expect(answer.output_text).toContain(JSON.stringify(weatherResult));
      await server.expectAnsweredBy(tag);
    });

    test("text.format json_schema: output_text is JSON valid against the schema, and responses.parse gives it parsed", async () => {
      const tag = newTag("resp-format");
      const Film = z.object({ title: z.string(), year: z.number().int().min(1900), genres: z.array(z.enum(["drama", "comedy"])).min(1) });
      const parsed = await client.responses.parse({ model: server.product, input: tagged(tag, "Name a film."), text: { format: zodTextFormat(Film, "film") } });
      expect(parsed.status).toBe("completed");
      expect(parsed.output_parsed).not.toBeNull();
      expect(Film.parse(parsed.output_parsed)).toEqual(parsed.output_parsed);
      expect(JSON.parse(parsed.output_text)).toEqual(parsed.output_parsed);
      expect(parsed.text?.format).toMatchObject({ type: "json_schema", name: "film" });
      const streamed = await askResponses(client, { model: server.product, input: tagged(tag, "Name a film."), text: { format: zodTextFormat(Film, "film") } }, true);
      expect(Film.parse(JSON.parse(streamed.text))).toBeTruthy();
      await server.expectAnsweredBy(tag);
    });
  });
}

test.describe("refusals", () => {
  let client: OpenAI;
  const recorder = recordingFetch();
  test.beforeAll(async () => {
    client = responsesClient(state().baseURL, await aiKey(), recorder.fetch);
  });
  test.afterAll(() => recorder.flush());

  const refusal = (params: Record<string, unknown>) =>
    client.responses.create({ model: "scholar", input: "Hello.", ...params } as OpenAI.Responses.ResponseCreateParamsNonStreaming).then(
      () => {
        throw new Error("accepted");
      },
      (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
    );

  for (const [field, params, words] of [
    ["store", { store: true }, /never stored.*whole conversation in `input`/],
    ["previous_response_id", { previous_response_id: "resp_01jd0v6x4m8q2r5t7w9y1b3c5e" }, /whole conversation in `input`/],
    ["background", { background: true }, /whole conversation in `input`/],
    ["conversation", { conversation: "conv_1" }, /whole conversation in `input`/],
    ["tool_choice", { tools: [weatherTool], tool_choice: { type: "file_search" } }, /"file_search"/],
    ["input.1.type", { input: [{ role: "user", content: "Hi" }, { type: "item_reference", id: "msg_1" }] }, /keeps no state/],
    ["model", { model: "gpt-4o" }, /names a product/],
    ["input.0.arguments", { input: [{ type: "function_call", call_id: "call_1", name: "get_weather", arguments: "[1]" }] }, /JSON object/],
  ] as const) {
    test(`${field}: 400 naming the field, as the SDK raises it`, async () => {
      const error = await refusal(params);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error.param).toBe(field);
      expect(error.code).toBe(field === "model" ? "unknown_product" : "invalid_body");
      expect(error.message).toMatch(words);
    });
  }

  test("what Codex CLI sends is taken: built-in and namespace tools, reasoning, include, cache key; the unused fields are named", async () => {
    const { data, response } = await client.responses
      .create({
        model: "scholar",
        input: [{ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "opaque" }, { role: "user", content: "Hello." }],
        tools: [weatherTool, { type: "namespace", name: "agents", description: "Sub-agents.", tools: [{ ...weatherTool, name: "spawn_agent" }] }, { type: "web_search" }],
        reasoning: { effort: "high", summary: "auto" },
        include: ["reasoning.encrypted_content"],
        prompt_cache_key: "thread-1",
        service_tier: "auto",
        text: { verbosity: "low" },
        safety_identifier: "user-1",
        client_metadata: { originator: "codex" },
        frequency_penalty: 1,
      } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming)
      .withResponse();
    expect(data.status).toBe("completed");
    const ignored = (response.headers.get("x-switchyard-ignored-params") ?? "").split(", ").sort();
    expect(ignored).toEqual(["client_metadata", "frequency_penalty", "safety_identifier", "service_tier", "text.verbosity", "tools.web_search"]);
  });

  test("input_tokens: the input a response would be metered for", async () => {
    const res = await fetch(`${state().baseURL}/api/public/v1/openai/responses/input_tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${await aiKey()}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "scholar", input: "Hello there.", reasoning: { effort: "low" }, text: { verbosity: "low" } }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; input_tokens: number };
    expect(body.object).toBe("response.input_tokens");
    expect(body.input_tokens).toBeGreaterThan(0);
    expect(res.headers.get("x-switchyard-ignored-params")).toBe("text.verbosity");
  });

  test("store: false and the other fields that ask for nothing are accepted", async () => {
    const response = await client.responses.create({ model: "scholar", input: "Hello.", store: false, background: false, previous_response_id: null, include: [], truncation: "disabled", user: "u-1" });
    expect(response.status).toBe("completed");
  });

  test("a bad key: 401 in the OpenAI error shape, the SDK's AuthenticationError", async () => {
    const error = await responsesClient(state().baseURL, "sk-not-a-key")
      .responses.create({ model: "scholar", input: "Hello." })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe("invalid_api_key");
  });
});
