// The OpenAI-compatible door (server/ai/doors/openai.ts) driven by the official `openai` SDK, unchanged
// but for its base URL, key and a fetch that records every response for the leak spec. Generations spend
// workspace C (A and B stay uncharged for the billing and usage specs).
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { recordingFetch } from "../fixtures/api";
import { aiKey, creditsFor, familiesOf, newTag, prompt, ratesOf, seen, whenTried } from "../fixtures/ai";
import { state } from "../fixtures/state";

let client: OpenAI;
let flush: () => Promise<void>;

test.beforeEach(async () => {
  const recorder = recordingFetch();
  flush = recorder.flush;
  client = new OpenAI({ apiKey: await aiKey(), baseURL: `${state().baseURL}/api/public/v1/openai`, fetch: recorder.fetch, maxRetries: 0 });
});

test.afterEach(async () => {
  await flush();
});

for (const model of ["scholar", "switchyard/scholar"]) {
  test(`chat.completions.create with model "${model}": the answer, usage, model = product id, switchyard credits`, async () => {
    const tag = newTag("sdk");
    const completion = await client.chat.completions.create({ model, messages: [{ role: "user", content: prompt(tag) }] });
    const requests = await seen(tag);
    expect(requests).toHaveLength(1);
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("scholar");
    expect(completion.id).toMatch(/^gen_/);
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]).toMatchObject({ index: 0, finish_reason: "stop", message: { role: "assistant", content: requests[0].answer } });
    const usage = completion.usage!;
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    const extension = (completion as unknown as { switchyard: { credits: number; routing: { reason: string } } }).switchyard;
    expect(extension.credits).toBe(creditsFor(await ratesOf("scholar"), usage.prompt_tokens, usage.completion_tokens));
    expect(typeof extension.routing.reason).toBe("string");
  });
}

test("streaming with stream_options.include_usage: content chunks, then one final usage chunk", async () => {
  const tag = newTag("sdk-stream");
  const stream = await client.chat.completions.create({
    model: "scholar",
    messages: [{ role: "system", content: "Be brief." }, { role: "user", content: prompt(tag, "words 20") }],
    stream: true,
    stream_options: { include_usage: true },
  });
  const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const requests = await seen(tag);
  const text = chunks.map((c) => c.choices[0]?.delta?.content ?? "").join("");
  expect(text).toBe(requests[0].answer);
  expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.model === "scholar")).toBe(true);
  expect(chunks.filter((c) => c.choices[0]?.finish_reason === "stop")).toHaveLength(1);
  const withUsage = chunks.filter((c) => c.usage);
  expect(withUsage).toHaveLength(1);
  expect(chunks.at(-1)).toBe(withUsage[0]);
  expect(withUsage[0].choices).toEqual([]);
  expect(withUsage[0].usage!.completion_tokens).toBeGreaterThan(0);
  expect(withUsage[0].usage!.total_tokens).toBe(withUsage[0].usage!.prompt_tokens + withUsage[0].usage!.completion_tokens);
});

test("streaming without include_usage: no usage chunk", async () => {
  const stream = await client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: prompt(newTag("sdk-nousage")) }], stream: true });
  const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  expect(chunks.length).toBeGreaterThan(1);
  expect(chunks.some((c) => c.usage)).toBe(false);
});

test("the door escalates like the native one: a stream cut on the primary still arrives whole", async () => {
  const { result: text, requests } = await whenTried("sdk-escalate", ["vendorx", "vendory"], async (tag) => {
    const stream = await client.chat.completions.create({
      model: "scholar",
      messages: [{ role: "user", content: prompt(tag, "words 20", "fault vendorx cut_after n=5") }],
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    return text;
  });
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(text).toBe(requests[0].answer);
});

test("every family down: the SDK throws an APIError 502 upstream_unavailable (JSON), or mid-stream", async () => {
  const { result: errors } = await whenTried("sdk-down", ["vendorx", "vendory", "vendorz"], async (tag) => {
    const messages = [{ role: "user" as const, content: prompt(tag, "fault * status code=503") }];
    const json = await client.chat.completions.create({ model: "scholar", messages }).then(() => undefined, (e: unknown) => e);
    const streamed = await (async () => {
      const stream = await client.chat.completions.create({ model: "scholar", messages, stream: true });
      for await (const chunk of stream) void chunk;
    })().then(() => undefined, (e: unknown) => e);
    return { json, streamed };
  });
  expect(errors.json).toBeInstanceOf(OpenAI.InternalServerError);
  expect((errors.json as InstanceType<typeof OpenAI.APIError>).status).toBe(502);
  expect((errors.json as InstanceType<typeof OpenAI.APIError>).code).toBe("upstream_unavailable");
  // The stream had started (200): the error arrives as a chunk, which the SDK raises.
  expect(errors.streamed).toBeInstanceOf(OpenAI.APIError);
  expect((errors.streamed as InstanceType<typeof OpenAI.APIError>).code).toBe("upstream_unavailable");
});

test("an unknown model: the SDK throws an APIError, status 400, code unknown_product", async () => {
  const error = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hello" }] }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OpenAI.APIError);
  const apiError = error as InstanceType<typeof OpenAI.APIError>;
  expect(apiError.status).toBe(400);
  expect(apiError.code).toBe("unknown_product");
  expect(apiError.type).toBe("invalid_request_error");
  expect(apiError.requestID).toMatch(/^req_/);
  expect(apiError.message).toContain("scholar");
});

test("fields of OpenAI's types this service does not use, and unknown ones, are ignored and named; audio is refused", async () => {
  const { data, response } = await client.chat.completions
    .create({
      model: "scholar",
      messages: [{ role: "user", content: "hello" }],
      prediction: { type: "content", content: "hello" },
      prompt_cache_key: "thread-1",
      safety_identifier: "u1",
      service_tier: "auto",
      reasoning_effort: "low",
      verbosity: "low",
      modalities: ["text"],
      brand_new_field: 1,
    } as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming)
    .withResponse();
  expect(data.object).toBe("chat.completion");
  expect(data.usage).toMatchObject({ prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } });
  const ignored = (response.headers.get("x-switchyard-ignored-params") ?? "").split(", ").sort();
  expect(ignored).toEqual(["brand_new_field", "prediction", "reasoning_effort", "safety_identifier", "service_tier", "verbosity"]);
  const audio = await client.chat.completions
    .create({ model: "scholar", messages: [{ role: "user", content: "hello" }], modalities: ["text", "audio"] })
    .then(() => undefined, (e: unknown) => e);
  expect(audio).toBeInstanceOf(OpenAI.BadRequestError);
  expect((audio as InstanceType<typeof OpenAI.APIError>).param).toBe("modalities");
});

test("models.list: the five products, nothing else", async () => {
  const ids: string[] = [];
  for await (const model of client.models.list()) {
    expect(model.object).toBe("model");
    ids.push(model.id);
  }
  expect(ids.sort()).toEqual(["advanced", "fire", "scholar", "sentinel", "vision"]);
});
