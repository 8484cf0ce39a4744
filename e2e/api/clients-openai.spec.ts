// The official `openai` SDK through the OpenAI door, against each kind of family (the sandbox, the
// fake upstream in the OpenAI-compatible and in the Anthropic wire format): chat.completions.create
// with tools, streamed and not, a two-step loop with runTools, and chat.completions.parse with a
// zod schema.
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import { askBoth, askWeather, clock, expectValidArguments, weather, weatherParameters, weatherResult } from "../fixtures/client-tools";
import { FAMILY_KINDS, kindServer, newTag, type KindServer } from "../fixtures/family-kinds";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 61;

for (const kind of FAMILY_KINDS) {
  test.describe(kind, () => {
    test.describe.configure({ mode: "serial" });
    let server: KindServer;
    let client: OpenAI;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await kindServer(kind, "clients-openai", PORT);
      client = new OpenAI({ apiKey: server.key, baseURL: `${server.base}/api/public/v1/openai`, maxRetries: 0, fetch: server.fetch });
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    const user = (tag: string, text: string): OpenAI.Chat.ChatCompletionMessageParam[] => [{ role: "user", content: `${server.tagged(tag)}${text}` }];

    test("create with tools: one whole call, arguments valid JSON text, content null, finish_reason tool_calls", async () => {
      const tag = newTag("sdk-call");
      const completion = await client.chat.completions.create({ model: server.product, messages: user(tag, askWeather), tools: [weather, clock] });
      const [choice] = completion.choices;
      expect(choice.finish_reason).toBe("tool_calls");
      expect(choice.message.content).toBeNull();
      expect(choice.message.tool_calls).toHaveLength(1);
      const call = choice.message.tool_calls![0] as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
      expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), type: "function", function: { name: "get_weather" } });
      expectValidArguments(weatherParameters, call.function.arguments);
      expect(completion.usage!.completion_tokens).toBeGreaterThan(0);
      await server.expectAnsweredBy(tag);
    });

    test("tool_choice and parallel_tool_calls: a named function is called, required makes a call, false keeps one", async () => {
      const tag = newTag("sdk-choice");
      const names = async (extra: Partial<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming>, text: string) => {
        const completion = await client.chat.completions.create({ model: server.product, messages: user(tag, text), tools: [weather, clock], ...extra });
        expect(completion.choices[0].finish_reason).toBe("tool_calls");
        return completion.choices[0].message.tool_calls!.map((c) => (c as OpenAI.Chat.ChatCompletionMessageFunctionToolCall).function.name);
      };
      expect(await names({ tool_choice: { type: "function", function: { name: "get_time" } } }, "Tell me a story.")).toEqual(["get_time"]);
      expect(await names({ tool_choice: "required" }, "Tell me a story.")).toHaveLength(1);
      expect(await names({ parallel_tool_calls: false }, askBoth)).toEqual(["get_weather"]);
      const none = await client.chat.completions.create({ model: server.product, messages: user(tag, askWeather), tools: [weather], tool_choice: "none" });
      expect(none.choices[0].finish_reason).toBe("stop");
      expect(none.choices[0].message.tool_calls ?? []).toEqual([]);
      await server.expectAnsweredBy(tag);
    });

    test("create with tools, streamed: each call whole by its index, then finish_reason tool_calls; the stream helper agrees", async () => {
      const tag = newTag("sdk-stream");
      const stream = await client.chat.completions.create({ model: server.product, messages: user(tag, askBoth), tools: [weather, clock], stream: true });
      const calls: { id?: string; name?: string; arguments: string }[] = [];
      const finish: string[] = [];
      for await (const chunk of stream) {
        for (const part of chunk.choices[0]?.delta?.tool_calls ?? []) {
          const call = (calls[part.index] ??= { arguments: "" });
          call.id ??= part.id;
          call.name ??= part.function?.name;
          call.arguments += part.function?.arguments ?? "";
        }
        if (chunk.choices[0]?.finish_reason) finish.push(chunk.choices[0].finish_reason);
      }
      expect(calls.map((c) => c.name)).toEqual(["get_weather", "get_time"]);
      expect(calls.every((c) => c.id?.startsWith("call_"))).toBe(true);
      expectValidArguments(weatherParameters, calls[0].arguments);
      expectValidArguments(clock.function.parameters, calls[1].arguments);
      expect(finish).toEqual(["tool_calls"]);
      await server.expectAnsweredBy(tag);

      const helper = client.chat.completions.stream({ model: server.product, messages: user(tag, askWeather), tools: [weather] });
      const final = await helper.finalChatCompletion();
      expect(final.choices[0].finish_reason).toBe("tool_calls");
      const parsed = (final.choices[0].message.tool_calls?.[0] as { function: { name: string; parsed_arguments: unknown } }).function;
      expect(parsed.name).toBe("get_weather");
      expectValidArguments(weatherParameters, parsed.parsed_arguments);
    });

    test("runTools: the SDK calls the function, sends its result back, and the answer uses it", async () => {
      const tag = newTag("sdk-loop");
      const seen: unknown[] = [];
      const runner = client.chat.completions.runTools({
        model: server.product,
        messages: user(tag, askWeather),
        tools: [
          {
            type: "function",
            function: {
              name: "get_weather",
              description: weather.function.description,
              parameters: weatherParameters,
              parse: JSON.parse,
              function: (args: unknown) => {
                seen.push(args);
                return weatherResult;
              },
            },
          },
        ],
      });
      const answer = await runner.finalContent();
      expect(seen).toHaveLength(1);
      expectValidArguments(weatherParameters, seen[0]);
      expect(answer).toContain(JSON.stringify(weatherResult));
      expect(runner.allChatCompletions().map((c) => c.choices[0].finish_reason)).toEqual(["tool_calls", "stop"]);
      expect(runner.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
      await server.expectAnsweredBy(tag);
    });

    test("parse with a zod schema: the answer is valid against it and parsed", async () => {
      const tag = newTag("sdk-parse");
      const Film = z.object({ title: z.string(), year: z.number().int().min(1900), genres: z.array(z.enum(["drama", "comedy"])).min(1) });
      const completion = await client.chat.completions.parse({ model: server.product, messages: user(tag, "Name a film."), response_format: zodResponseFormat(Film, "film") });
      expect(completion.choices[0].finish_reason).toBe("stop");
      const parsed = completion.choices[0].message.parsed;
      expect(parsed).not.toBeNull();
      expect(Film.parse(parsed)).toEqual(parsed);
      await server.expectAnsweredBy(tag);
    });
  });
}
