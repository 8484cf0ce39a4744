// What OpenAI clients send beyond the conversation (server/ai/openai-features.ts), driven by the
// official `openai` SDK over real HTTP: `stop` (cut on the delivered text, across deltas and across
// engines), `response_format: json_object` (a non-JSON answer fails over), `seed`/`user`/`n: 1`/token
// limits, features refused by name, errors naming `model`, and GET /openai/models/{id}. The fake engines
// ignore `stop`, so every cut seen here is the service's own.
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { countTokens } from "../../server/ai/tokens";
import { recordingFetch } from "../fixtures/api";
import { aiKey, familiesOf, newTag, prompt, seen, whenTried } from "../fixtures/ai";
import { chunksOf } from "../fixtures/fake-upstream/answer";
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

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
const user = (content: string) => [{ role: "user" as const, content }];
const failure = (work: Promise<unknown>) => work.then(() => undefined, (e: unknown) => e as InstanceType<typeof OpenAI.APIError>);

async function collect(stream: AsyncIterable<Chunk>) {
  const chunks: Chunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const contents = chunks.map((c) => c.choices[0]?.delta?.content ?? "").filter(Boolean);
  return { chunks, contents, text: contents.join(""), finish: chunks.map((c) => c.choices[0]?.finish_reason).filter(Boolean) };
}

/**
 * A stop sequence that begins at the end of the engine's `index`th delta and ends in the next one,
 * and first occurs there: the answer must end at that delta boundary less the sequence's start.
 */
function spanningStop(answer: string, index: number): { stop: string; expected: string } {
  const chunks = chunksOf(answer);
  const boundary = chunks.slice(0, index + 1).join("").length;
  const stop = answer.slice(boundary - 3, boundary + 2);
  expect(answer.indexOf(stop), `"${stop}" first occurs at the boundary`).toBe(boundary - 3);
  return { stop, expected: answer.slice(0, boundary - 3) };
}

/** The fake's whole answer to these messages, from one request without `stop`. */
async function answerTo(messages: ReturnType<typeof user>, tag: string): Promise<string> {
  await client.chat.completions.create({ model: "scholar", messages });
  return (await seen(tag))[0].answer;
}

test.describe("stop", () => {
  test("non-stream: the answer ends before a match that spans two engine deltas; stop is passed on; usage is what was delivered", async () => {
    const tag = newTag("stop-json");
    const messages = user(prompt(tag, "words 16"));
    const { stop, expected } = spanningStop(await answerTo(messages, tag), 3);
    const completion = await client.chat.completions.create({ model: "scholar", messages, stop: [stop, "never-there"] });
    expect(completion.choices[0].message.content).toBe(expected);
    expect(completion.choices[0].finish_reason).toBe("stop");
    expect(completion.usage!.completion_tokens).toBe(countTokens(expected));
    const requests = await seen(tag);
    expect(requests[1].body.stop).toEqual([stop, "never-there"]);
  });

  test("stream: deltas arrive before the end, nothing of the match or after it is ever sent", async () => {
    const tag = newTag("stop-stream");
    const messages = user(prompt(tag, "words 24"));
    const { stop, expected } = spanningStop(await answerTo(messages, tag), 6);
    const streamed = await collect(await client.chat.completions.create({ model: "scholar", messages, stop, stream: true }));
    expect(streamed.text).toBe(expected);
    expect(streamed.contents.length).toBeGreaterThan(2);
    expect(streamed.finish).toEqual(["stop"]);
    expect((await seen(tag))[1].body.stop).toEqual([stop]);
  });

  test("a match begun by one engine and completed by the next (after a cut stream) still ends the answer", async () => {
    const { result, requests } = await whenTried("stop-escalate", ["vendorx", "vendory"], async (tag) => {
      const messages = user(prompt(tag, "words 20", "fault vendorx cut_after n=4"));
      const answer = await answerTo(messages, tag);
      const { stop, expected } = spanningStop(answer, 3);
      const streamed = await collect(await client.chat.completions.create({ model: "scholar", messages, stop, stream: true }));
      return { stop, expected, streamed };
    });
    const withStop = requests.filter((r) => r.body.stop ?? r.body.stop_sequences);
    expect(familiesOf(withStop)).toEqual(["vendorx", "vendory"]);
    expect(withStop[1].body.stop_sequences).toEqual([result.stop]);
    expect(result.streamed.text).toBe(result.expected);
  });
});

test.describe("response_format json_object", () => {
  test("non-stream: the engine is asked for JSON and the answer is one JSON object", async () => {
    const tag = newTag("json");
    const completion = await client.chat.completions.create({ model: "scholar", messages: user(prompt(tag)), response_format: { type: "json_object" } });
    const requests = await seen(tag);
    expect(requests[0].body.response_format).toEqual({ type: "json_object" });
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual({ answer: expect.any(String) });
    expect(completion.choices[0].message.content).toBe(requests[0].answer);
  });

  test("an engine that answers prose fails the attempt: the next engine's JSON is the answer, the prose is neither sent nor billed", async () => {
    const { result, requests } = await whenTried("json-failover", ["vendorx", "vendory"], (tag) =>
      client.chat.completions.create({ model: "scholar", messages: user(prompt(tag, "fault vendorx prose")), response_format: { type: "json_object" } }),
    );
    expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
    expect(() => JSON.parse(requests[0].answer)).toThrow();
    const content = result.choices[0].message.content!;
    expect(content).toBe(requests[1].answer);
    expect(JSON.parse(content)).toEqual({ answer: expect.any(String) });
    expect(result.usage!.completion_tokens).toBe(countTokens(content));
    const extension = (result as unknown as { switchyard: { routing: { escalated: boolean; reason: string } } }).switchyard;
    expect(extension.routing.escalated).toBe(true);
    expect(extension.routing.reason).toContain("not valid JSON");
  });

  test("stream: the answer is checked before it is sent, so the failed engine's prose never reaches the client", async () => {
    const { result, requests } = await whenTried("json-stream", ["vendorx", "vendory"], async (tag) =>
      collect(
        await client.chat.completions.create({
          model: "scholar",
          messages: user(prompt(tag, "fault vendorx prose")),
          response_format: { type: "json_object" },
          stream: true,
        }),
      ),
    );
    expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
    expect(result.text).toBe(requests[1].answer);
    expect(JSON.parse(result.text)).toEqual({ answer: expect.any(String) });
    expect(result.finish).toEqual(["stop"]);
  });

  test("no engine answers JSON: 502 upstream_unavailable, nothing charged", async () => {
    const error = await failure(client.chat.completions.create({ model: "scholar", messages: user(prompt(newTag("json-none"), "fault * prose")), response_format: { type: "json_object" } }));
    expect(error?.status).toBe(502);
    expect(error?.code).toBe("upstream_unavailable");
  });
});

test.describe("accepted as OpenAI defines them", () => {
  test("seed is passed on, user and n: 1 are accepted, max_completion_tokens and max_tokens become the output limit", async () => {
    const tag = newTag("accepted");
    const base = { model: "scholar", messages: user(prompt(tag)), n: 1, user: "end-user-42", seed: 7, tools: [], logprobs: false };
    const a = await client.chat.completions.create({ ...base, max_completion_tokens: 50 });
    const b = await client.chat.completions.create({ ...base, max_tokens: 40, response_format: { type: "text" } });
    expect(a.choices).toHaveLength(1);
    expect(b.choices).toHaveLength(1);
    const [first, second] = await seen(tag);
    expect(first.body).toMatchObject({ seed: 7, max_tokens: 50 });
    expect(second.body).toMatchObject({ seed: 7, max_tokens: 40 });
    expect(second.body.response_format).toBeUndefined();
  });
});

test.describe("finish_reason length", () => {
  test("an answer cut at max_completion_tokens says length, streamed or not", async () => {
    const tag = newTag("length");
    const messages = user(prompt(tag, "words 60"));
    const whole = await client.chat.completions.create({ model: "scholar", messages, max_completion_tokens: 8 });
    expect(whole.choices[0].finish_reason).toBe("length");
    expect(whole.usage!.completion_tokens).toBeLessThanOrEqual(8);
    const streamed = await collect(await client.chat.completions.create({ model: "scholar", messages, max_tokens: 8, stream: true }));
    expect(streamed.finish).toEqual(["length"]);
    expect(streamed.text).toBe(whole.choices[0].message.content);
  });
});

test.describe("refused by name, not supported yet", () => {
  // tools, tool_choice and json_schema are served now (e2e/api/openai-tools.spec.ts); the deprecated
  // function fields, token probabilities, several choices and stored completions stay refused.
  const refused: [string, Record<string, unknown>][] = [
    ["functions", { functions: [{ name: "lookup" }] }],
    ["function_call", { function_call: "auto" }],
    ["logprobs", { logprobs: true }],
    ["top_logprobs", { top_logprobs: 3 }],
    ["n", { n: 2 }],
    ["store", { store: true }],
  ];
  for (const [param, extra] of refused) {
    test(`${param}: 400 invalid_body, param "${param}", and no engine is called`, async () => {
      const tag = newTag(`refuse-${param}`);
      const body = { model: "scholar", messages: user(prompt(tag)), ...extra } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
      const error = await failure(client.chat.completions.create(body));
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error?.code).toBe("invalid_body");
      expect(error?.param).toBe(param);
      expect(error?.message).toContain("not supported yet");
      expect(await seen(tag)).toEqual([]);
    });
  }
});

test.describe("errors about the model name it", () => {
  test("an unknown model and images on a non-vision model are refused; an output limit over the product's is clamped", async () => {
    const unknown = await failure(client.chat.completions.create({ model: "gpt-4o", messages: user("hello") }));
    expect(unknown).toMatchObject({ status: 400, code: "unknown_product", param: "model" });
    const image = [{ type: "image_url" as const, image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }, { type: "text" as const, text: "what is it?" }];
    const notVision = await failure(client.chat.completions.create({ model: "scholar", messages: [{ role: "user", content: image }] }));
    expect(notVision).toMatchObject({ status: 400, code: "product_not_allowed", param: "model" });
    // An output limit over the product's is clamped to it and said, as agents send one limit to every model.
    const { data: clamped, response } = await client.chat.completions.create({ model: "scholar", messages: user("hello"), max_completion_tokens: 10_000_000 }).withResponse();
    expect(clamped.choices[0].message.content).toBeTruthy();
    expect(response.headers.get("x-switchyard-clamped-params")).toMatch(/^max_completion_tokens=\d+$/);
  });
});

test.describe("GET /openai/models/{id}", () => {
  test("a product, by id or switchyard/<id>: OpenAI's model object", async () => {
    for (const id of ["scholar", "switchyard/vision"]) {
      const model = await client.models.retrieve(id);
      expect(model).toMatchObject({ id: id.replace("switchyard/", ""), object: "model", owned_by: "switchyard" });
      // The product's launch day, its context length and its prices (/docs, models).
      expect(model.created).toBeGreaterThan(Date.UTC(2020, 0, 1) / 1000);
      expect(model).toHaveProperty("context_length");
      expect(model).toHaveProperty("pricing");
    }
  });

  test("an unknown id: 404 not_found in the contract's envelope, param model", async () => {
    const error = await failure(client.models.retrieve("gpt-4o"));
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "not_found", param: "model", type: "invalid_request_error" });
    expect(error?.requestID).toMatch(/^req_/);
  });
});
