// The Vercel AI SDK (`ai` with `@ai-sdk/openai-compatible`) through the OpenAI door, against each
// kind of family (the sandbox, the fake upstream in the OpenAI-compatible and in the Anthropic wire
// format): generateText with tools over several steps, streamText with tools, and generateObject
// (and generateText with Output.object) with structured outputs on (sent as response_format json_schema).
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { expect, test } from "@playwright/test";
import { generateObject, generateText, jsonSchema, Output, stepCountIs, streamText, tool, type LanguageModel } from "ai";
import { z } from "zod";
import { askBoth, askWeather, clockParameters, expectValidArguments, weatherParameters, weatherResult } from "../fixtures/client-tools";
import { FAMILY_KINDS, kindServer, newTag, type KindServer } from "../fixtures/family-kinds";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 62;

for (const kind of FAMILY_KINDS) {
  test.describe(kind, () => {
    test.describe.configure({ mode: "serial" });
    let server: KindServer;
    let model: LanguageModel;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await kindServer(kind, "clients-ai-sdk", PORT);
      const provider = createOpenAICompatible({
        name: "switchyard",
        baseURL: `${server.base}/api/public/v1/openai`,
        apiKey: server.key,
        includeUsage: true,
        supportsStructuredOutputs: true,
        fetch: server.fetch,
      });
      model = provider.chatModel(server.product);
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    const weatherTool = (calls: unknown[]) =>
      tool({
        description: "The weather now in a city.",
        inputSchema: jsonSchema<{ city: string; unit: string }>(weatherParameters),
        execute: async (input) => {
          calls.push(input);
          return weatherResult;
        },
      });

    test("generateText with tools and several steps: the tool runs, its result goes back, the last step answers with it", async () => {
      const tag = newTag("aisdk-steps");
      const calls: unknown[] = [];
      const result = await generateText({ model, prompt: `${server.tagged(tag)}${askWeather}`, tools: { get_weather: weatherTool(calls) }, stopWhen: stepCountIs(4), maxRetries: 0 });
      expect(calls).toHaveLength(1);
      expectValidArguments(weatherParameters, calls[0]);
      expect(result.steps.map((s) => s.finishReason)).toEqual(["tool-calls", "stop"]);
      expect(result.steps[0].toolCalls.map((c) => c.toolName)).toEqual(["get_weather"]);
      expect(result.text).toContain(JSON.stringify(weatherResult));
      expect(result.totalUsage.inputTokens).toBeGreaterThan(result.steps[0].usage.inputTokens!);
      await server.expectAnsweredBy(tag);
    });

    test("streamText with tools: each call arrives whole as a tool-call part, the step ends with tool-calls", async () => {
      const tag = newTag("aisdk-stream-tools");
      const clockTool = tool({ description: "The time now in a zone.", inputSchema: jsonSchema<{ zone: string }>(clockParameters) });
      const result = streamText({ model, prompt: `${server.tagged(tag)}${askBoth}`, tools: { get_weather: tool({ inputSchema: jsonSchema(weatherParameters) }), get_time: clockTool }, maxRetries: 0 });
      const calls: { toolName: string; input: unknown }[] = [];
      const errors: unknown[] = [];
      for await (const part of result.fullStream) {
        if (part.type === "tool-call") calls.push({ toolName: part.toolName, input: part.input });
        if (part.type === "error" || part.type === "tool-error") errors.push(part);
      }
      expect(errors).toEqual([]);
      expect(calls.map((c) => c.toolName)).toEqual(["get_weather", "get_time"]);
      expectValidArguments(weatherParameters, calls[0].input);
      expectValidArguments(clockParameters, calls[1].input);
      expect(await result.finishReason).toBe("tool-calls");
      await server.expectAnsweredBy(tag);
    });

    test("generateObject, and generateText with Output.object, structured outputs on: sent as json_schema, the object valid against the schema", async () => {
      const tag = newTag("aisdk-object");
      const Film = z.object({ title: z.string(), year: z.number().int().min(1900), genres: z.array(z.enum(["drama", "comedy"])).min(1) });
      const before = server.sent.length;
      const result = await generateObject({ model, schema: Film, schemaName: "film", prompt: `${server.tagged(tag)}Name a film.`, maxRetries: 0 });
      expect(server.sent.slice(before).map((b) => (b.response_format as { type?: string } | undefined)?.type)).toEqual(["json_schema"]);
      expect(Film.parse(result.object)).toEqual(result.object);
      expect(result.finishReason).toBe("stop");
      await server.expectAnsweredBy(tag);

      // generateText with Output.object asks the same way.
      const text = await generateText({ model, output: Output.object({ schema: Film, name: "film" }), prompt: `${server.tagged(tag)}Name a film.`, maxRetries: 0 });
      expect((server.sent.at(-1)!.response_format as { type?: string }).type).toBe("json_schema");
      expect(Film.parse(text.output)).toEqual(text.output);
    });
  });
}
