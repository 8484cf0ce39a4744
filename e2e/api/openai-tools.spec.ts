// Tool calling and structured output through the OpenAI door with the official `openai` SDK, on a
// server whose engines are the built-in sandbox: tools with and without streaming, a two-step loop
// with `runTools`, and `chat.completions.parse` with a zod schema (zod 4, through the SDK's helper).
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import { sandboxServer, type SandboxServer } from "../fixtures/sandbox-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 46;

test.describe.configure({ mode: "serial" });

let sandbox: SandboxServer;
let client: OpenAI;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sandbox = await sandboxServer("openai-tools", PORT);
  client = new OpenAI({ apiKey: sandbox.key, baseURL: `${sandbox.server.base}/api/public/v1/openai`, maxRetries: 0 });
});

test.afterAll(async () => {
  await sandbox?.stop();
});

const weather: OpenAI.Chat.ChatCompletionTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "The weather now in a city.",
    strict: true,
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false },
  },
};
const ask: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "What is the weather in Oslo? Use get_weather." }];

test("chat.completions.create with tools: message.tool_calls with arguments as JSON text, content null, finish_reason tool_calls", async () => {
  const completion = await client.chat.completions.create({ model: "scholar", messages: ask, tools: [weather] });
  const [choice] = completion.choices;
  expect(choice.finish_reason).toBe("tool_calls");
  expect(choice.message.content).toBeNull();
  expect(choice.message.tool_calls).toEqual([
    { id: expect.stringMatching(/^call_/), type: "function", function: { name: "get_weather", arguments: '{"city":"example city","unit":"celsius"}' } },
  ]);
  expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
});

test("streamed: delta.tool_calls carries each finished call with its index, id, name and arguments, then finish_reason tool_calls", async () => {
  const stream = await client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: "Use get_weather and get_time." }], tools: [weather, { type: "function", function: { name: "get_time", parameters: { type: "object", properties: {} } } }], stream: true });
  const calls: { id?: string; name?: string; arguments: string }[] = [];
  const finish: (string | null)[] = [];
  for await (const chunk of stream) {
    for (const part of chunk.choices[0]?.delta?.tool_calls ?? []) {
      const call = (calls[part.index] ??= { arguments: "" });
      call.id ??= part.id;
      call.name ??= part.function?.name;
      call.arguments += part.function?.arguments ?? "";
    }
    if (chunk.choices[0]?.finish_reason) finish.push(chunk.choices[0].finish_reason);
  }
  expect(calls).toEqual([
    { id: expect.stringMatching(/^call_/), name: "get_weather", arguments: '{"city":"example city","unit":"celsius"}' },
    { id: expect.stringMatching(/^call_/), name: "get_time", arguments: "{}" },
  ]);
  expect(finish).toEqual(["tool_calls"]);
  // The SDK's stream helper assembles the same calls.
  const helper = client.chat.completions.stream({ model: "scholar", messages: ask, tools: [weather] });
  const final = await helper.finalChatCompletion();
  // (a strict tool's arguments are parsed by the helper, as with OpenAI itself)
  expect(final.choices[0].message.tool_calls?.[0].function).toMatchObject({ name: "get_weather", parsed_arguments: { city: "example city", unit: "celsius" } });
  expect(final.choices[0].finish_reason).toBe("tool_calls");
});

test("runTools: the SDK calls the function and sends its result back; the answer uses it", async () => {
  const seen: unknown[] = [];
  const runner = client.chat.completions.runTools({
    model: "scholar",
    messages: ask,
    tools: [
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "The weather now in a city.",
          parameters: weather.function.parameters!,
          parse: JSON.parse,
          function: (args: { city: string; unit: string }) => {
            seen.push(args);
            return { temperature: 4, unit: args.unit };
          },
        },
      },
    ],
  });
  const answer = await runner.finalContent();
  expect(seen).toEqual([{ city: "example city", unit: "celsius" }]);
  expect(answer).toContain('The get_weather tool returned: {"temperature":4,"unit":"celsius"}');
  const completions = runner.allChatCompletions();
  expect(completions.map((c) => c.choices[0].finish_reason)).toEqual(["tool_calls", "stop"]);
  expect(runner.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
});

test("chat.completions.parse with a zod schema: the answer is checked against it and parsed", async () => {
  const Film = z.object({ title: z.string(), year: z.number().int().min(1900), genres: z.array(z.enum(["drama", "comedy"])).min(1) });
  const completion = await client.chat.completions.parse({ model: "scholar", messages: [{ role: "user", content: "Name a film." }], response_format: zodResponseFormat(Film, "film") });
  const parsed = completion.choices[0].message.parsed;
  expect(parsed).toEqual({ title: "example title", year: 1900, genres: ["drama"] });
  expect(Film.parse(parsed)).toEqual(parsed);
});

test("the deprecated functions and store: true stay refused by name", async () => {
  const refused = async (extra: object) =>
    client.chat.completions.create({ model: "scholar", messages: ask, ...extra } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming).then(
      () => undefined,
      (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
    );
  expect(await refused({ functions: [{ name: "get_weather", parameters: {} }] })).toMatchObject({ status: 400, param: "functions" });
  expect(await refused({ store: true })).toMatchObject({ status: 400, param: "store" });
  const accepted = await client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: "Hello." }], store: false, top_p: 0.9, presence_penalty: 0.5, frequency_penalty: 0.5, logit_bias: { "50256": -100 }, metadata: { run: "e2e" } });
  expect(accepted.choices[0].finish_reason).toBe("stop");
});
