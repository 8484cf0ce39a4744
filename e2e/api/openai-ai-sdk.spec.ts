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

test("tools: refused with 400 invalid_body naming `tools`, and no engine is called", async () => {
  const tag = newTag("aisdk-tools");
  const lookup = tool({ description: "Look a word up", inputSchema: jsonSchema<{ word: string }>({ type: "object", properties: { word: { type: "string" } } }) });
  const error = await generateText({ model, prompt: prompt(tag), tools: { lookup }, maxRetries: 0 }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(APICallError.isInstance(error)).toBe(true);
  const apiError = error as APICallError;
  expect(apiError.statusCode).toBe(400);
  expect(apiError.data).toMatchObject({ error: { code: "invalid_body", param: "tools" } });
  expect(apiError.message).toContain("not supported yet");
  expect(await seen(tag)).toEqual([]);
});
