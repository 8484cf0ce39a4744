// The OpenAI door driven by a second client nobody here wrote: the Vercel AI SDK (`ai` with
// `@ai-sdk/openai-compatible`), pointed at the door's base URL like at any OpenAI-compatible server.
// It builds its own requests (max_tokens, stop, response_format, tools, stream_options) and parses
// answers with its own schemas, so what passes here is what such tools see.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { expect, test } from "@playwright/test";
import { APICallError, generateText, jsonSchema, Output, streamText, tool, type LanguageModel } from "ai";
import { countTokens } from "../../server/ai/tokens";
import { recordingFetch } from "../fixtures/api";
import { aiKey, newTag, prompt, seen } from "../fixtures/ai";
import { chunksOf } from "../fixtures/fake-upstream/answer";
import { state } from "../fixtures/state";

let model: LanguageModel;
let flush: () => Promise<void>;

test.beforeEach(async () => {
  const recorder = recordingFetch();
  flush = recorder.flush;
  const provider = createOpenAICompatible({
    name: "switchyard",
    baseURL: `${state().baseURL}/api/public/v1/openai`,
    apiKey: await aiKey(),
    includeUsage: true,
    fetch: recorder.fetch,
  });
  model = provider.chatModel("scholar");
});

test.afterEach(async () => {
  await flush();
});

test("generateText: the answer, finish reason stop, usage", async () => {
  const tag = newTag("aisdk");
  const result = await generateText({ model, prompt: prompt(tag), maxRetries: 0 });
  const [request] = await seen(tag);
  expect(result.text).toBe(request.answer);
  expect(result.finishReason).toBe("stop");
  expect(result.usage.outputTokens).toBe(countTokens(request.answer));
});

test("streamText: the text arrives in several parts and whole", async () => {
  const tag = newTag("aisdk-stream");
  const result = streamText({ model, prompt: prompt(tag, "words 20"), maxRetries: 0 });
  const parts: string[] = [];
  for await (const part of result.textStream) parts.push(part);
  const [request] = await seen(tag);
  expect(parts.length).toBeGreaterThan(1);
  expect(parts.join("")).toBe(request.answer);
  expect(await result.finishReason).toBe("stop");
  expect((await result.usage).outputTokens).toBe(countTokens(request.answer));
});

test("stopSequences: the answer ends before the match, streamed or not", async () => {
  const tag = newTag("aisdk-stop");
  const text = prompt(tag, "words 20");
  await generateText({ model, prompt: text, maxRetries: 0 });
  const answer = (await seen(tag))[0].answer;
  const boundary = chunksOf(answer).slice(0, 5).join("").length;
  const stop = answer.slice(boundary - 3, boundary + 4);
  expect(answer.indexOf(stop)).toBe(boundary - 3);
  const expected = answer.slice(0, boundary - 3);

  const whole = await generateText({ model, prompt: text, stopSequences: [stop], maxRetries: 0 });
  expect(whole.text).toBe(expected);
  const streamed = streamText({ model, prompt: text, stopSequences: [stop], maxRetries: 0 });
  let joined = "";
  for await (const part of streamed.textStream) joined += part;
  expect(joined).toBe(expected);
  expect((await seen(tag)).slice(1).map((r) => r.body.stop)).toEqual([[stop], [stop]]);
});

test("Output.json(): sent as response_format json_object, answered with a JSON object the SDK parses", async () => {
  const tag = newTag("aisdk-json");
  const result = await generateText({ model, prompt: prompt(tag), output: Output.json(), maxRetries: 0 });
  const [request] = await seen(tag);
  expect(request.body.response_format).toEqual({ type: "json_object" });
  expect(result.output).toEqual(JSON.parse(request.answer));
});

test("maxOutputTokens reached: finishReason length, streamed or not", async () => {
  const text = prompt(newTag("aisdk-length"), "words 60");
  const whole = await generateText({ model, prompt: text, maxOutputTokens: 8, maxRetries: 0 });
  expect(whole.finishReason).toBe("length");
  expect(whole.usage.outputTokens).toBeLessThanOrEqual(8);
  const streamed = streamText({ model, prompt: text, maxOutputTokens: 8, maxRetries: 0 });
  let joined = "";
  for await (const part of streamed.textStream) joined += part;
  expect(await streamed.finishReason).toBe("length");
  expect(joined).toBe(whole.text);
});

test("tools: accepted and passed to the engine (no longer refused)", async () => {
  const tag = newTag("aisdk-tools");
  const lookup = tool({ description: "Look a word up", inputSchema: jsonSchema<{ word: string }>({ type: "object", properties: { word: { type: "string" } } }) });
  const result = await generateText({ model, prompt: prompt(tag), tools: { lookup }, maxRetries: 0 });
  expect(["stop", "tool-calls"]).toContain(result.finishReason);
  expect((await seen(tag)).length).toBeGreaterThan(0);
});
