// Failover for tool calls and structured output against the fake upstream, on a server of the
// spec's own (the suite's families, vendorx's strong model without tool calling) so that its
// workspace's balance moves for these generations alone: in each case the balance falls by exactly
// the answer's credits (nothing for a failed attempt, nothing at all when every family fails).
// scholar's chain is vendorx/standard (OpenAI-compatible) → vendory/standard (Anthropic) →
// vendorz/standard; advanced's is vendorx/strong → vendory/strong.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { countTokens } from "../../server/ai/tokens";
import { creditsFor, eventually, familiesOf, newTag, seen } from "../fixtures/ai";
import { askWeather, clock, weather } from "../fixtures/client-tools";
import { e2eFamilies, LEAK_WORDS } from "../fixtures/families";
import { argumentFragments } from "../fixtures/fake-upstream/tools";
import { ownAccount, ownDatabase, ownServer, api, type OwnServer } from "../fixtures/own-server";
import { streamEvents } from "../fixtures/sandbox-server";
import { state, STATE_DIR } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 64;

test.describe.configure({ mode: "serial" });

let server: OwnServer;
let key: string;
let dropDatabase: () => Promise<void>;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const families = e2eFamilies(state().upstream);
  const vendorx = families.families.find((f) => f.id === "vendorx")!;
  (vendorx.models.strong as { capabilities?: string[] }).capabilities = ["json_schema", "images"];
  const file = join(STATE_DIR, "tool-faults-families.json");
  writeFileSync(file, JSON.stringify(families));
  const database = await ownDatabase("tool-faults");
  dropDatabase = database.drop;
  const env = { ...database.env, MODEL_FAMILIES_FILE: file, LOG_LEVEL: "warn" };
  key = ownAccount(env, "tool-faults").key;
  server = ownServer(PORT, env, "tool-faults.log");
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

const generate = (body: object) => api(server.base, "POST", "/api/public/v1/ai/completions", key, body);
const stream = (body: object) => streamEvents(server.base, "/api/public/v1/ai/completions", key, { ...body, stream: true });
const ask = (tag: string, ...faults: string[]) => `[[tag ${tag}]] ${faults.map((f) => `[[fault ${f}]]`).join(" ")} ${askWeather}`;
const micro = (credits: number) => Math.round(credits * 1_000_000);

async function balance(): Promise<number> {
  let billing = { balance: 0, reserved: -1 };
  await eventually(async () => {
    const res = await api(server.base, "GET", "/v1/billing", key);
    expect(res.status).toBe(200);
    billing = res.body;
    expect(billing.reserved).toBe(0);
  });
  return micro(billing.balance);
}

/** Runs `scenario` and returns its result with how much the balance fell, in micro-credits. */
async function charged<R>(scenario: () => Promise<R>): Promise<{ result: R; fell: number }> {
  const before = await balance();
  const result = await scenario();
  return { result, fell: before - (await balance()) };
}

async function scholarRates() {
  const res = await api(server.base, "GET", "/api/public/v1/ai/products", key);
  return res.body.data.find((p: { id: string }) => p.id === "scholar").rates;
}

const expectOwnWords = (text: string) => {
  for (const word of LEAK_WORDS) expect(text.toLowerCase()).not.toContain(word);
};

for (const fault of ["cut_in_call n=2", "stall_in_call n=2"]) {
  test(`streamed, ${fault.split(" ")[0]} in the middle of a call's arguments: exactly one whole call, the next family's; charged its credits`, async () => {
    const tag = newTag("call-cut");
    const { result, fell } = await charged(() => stream({ prompt: ask(tag, `vendorx ${fault}`), tools: [weather, clock] }));
    expect(result.status).toBe(200);
    const requests = await seen(tag);
    expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
    expect(requests[0].faults).toEqual([fault.split(" ")[0]]);
    expect(result.events.map((e) => e.event)).toEqual(["tool_call", "done"]);
    const [call, done] = result.events.map((e) => e.json);
    expect(call).toMatchObject({ id: expect.stringMatching(/^call_/), name: "get_weather", arguments: JSON.parse(requests[1].calls[0].arguments) });
    expect(done.finish_reason).toBe("tool_calls");
    expect(done.routing.escalated).toBe(true);
    expect(done.usage.credits).toBeGreaterThan(0);
    expect(fell).toBe(micro(done.usage.credits));
  });
}

test("the same cut through the OpenAI door with the official SDK: one call, assembled whole from its deltas", async () => {
  const tag = newTag("call-cut-door");
  const client = new OpenAI({ apiKey: key, baseURL: `${server.base}/api/public/v1/openai`, maxRetries: 0 });
  const { result, fell } = await charged(async () => {
    const final = await client.chat.completions.stream({ model: "scholar", messages: [{ role: "user", content: ask(tag, "vendorx cut_in_call n=2") }], tools: [weather], stream_options: { include_usage: true } }).finalChatCompletion();
    return final;
  });
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  const calls = result.choices[0].message.tool_calls as OpenAI.Chat.ChatCompletionMessageFunctionToolCall[];
  expect(calls).toHaveLength(1);
  expect(JSON.parse(calls[0].function.arguments)).toEqual(JSON.parse(requests[1].calls[0].arguments));
  expect(result.choices[0].finish_reason).toBe("tool_calls");
  const credits = (result.usage as unknown as { credits?: number } | undefined)?.credits;
  const rates = await scholarRates();
  expect(fell).toBe(micro(credits ?? creditsFor(rates, result.usage!.prompt_tokens, result.usage!.completion_tokens)));
});

test("arguments that are not valid JSON: the next family answers; charged its credits", async () => {
  const tag = newTag("bad-arguments");
  const { result: res, fell } = await charged(() => generate({ prompt: ask(tag, "vendorx bad_arguments"), tools: [weather] }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const requests = await seen(tag);
  expect(familiesOf(requests).at(-1)).toBe("vendory");
  expect(requests.filter((r) => r.family === "vendorx").every((r) => r.faults.includes("bad_arguments"))).toBe(true);
  expect(res.body.tool_calls).toEqual([{ id: expect.stringMatching(/^call_/), name: "get_weather", arguments: JSON.parse(requests.at(-1)!.calls[0].arguments) }]);
  expect(res.body.finish_reason).toBe("tool_calls");
  expect(fell).toBe(micro(res.body.usage.credits));
});

test("an answer that breaks the response schema: the next family answers, the failed attempt is not billed", async () => {
  const tag = newTag("bad-schema");
  const schema = { type: "object", properties: { title: { type: "string" }, year: { type: "integer", minimum: 1900 } }, required: ["title", "year"], additionalProperties: false };
  const { result: res, fell } = await charged(() =>
    generate({ prompt: `[[tag ${tag}]] [[fault vendorx bad_schema]] Name a film.`, response_format: { type: "json_schema", json_schema: { name: "film", schema, strict: true } } }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(requests[0].faults).toEqual(["bad_schema"]);
  // The Anthropic family answers through its answer tool: the call's input is the answer.
  const [answerCall] = requests[1].calls;
  expect(JSON.parse(res.body.output)).toEqual(JSON.parse(answerCall.arguments));
  // Output tokens are what the answering family reported for its answer (the fake counts each
  // streamed fragment), nothing of the failed attempt; the balance fell by its credits exactly.
  expect(res.body.usage.output_tokens).toBe(argumentFragments(answerCall.arguments).reduce((sum, f) => sum + countTokens(f), 0));
  expect(res.body.usage.credits).toBe(creditsFor(await scholarRates(), res.body.usage.input_tokens, res.body.usage.output_tokens));
  expect(fell).toBe(micro(res.body.usage.credits));
});

test("a family without tool calling is skipped, and routing.reason says so; charged the answer's credits", async () => {
  const tag = newTag("skip");
  const { result: res, fell } = await charged(() => generate({ product: "advanced", prompt: ask(tag), tools: [weather] }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(familiesOf(await seen(tag))).toEqual(["vendory"]);
  expect(res.body.routing.reason).toContain("1 engine without tool calling skipped");
  expectOwnWords(res.body.routing.reason);
  expect(res.body.tool_calls.map((c: { name: string }) => c.name)).toEqual(["get_weather"]);
  expect(fell).toBe(micro(res.body.usage.credits));
});

test("every family's call broken: one clean 502 upstream_unavailable, nothing charged", async () => {
  const tag = newTag("all-bad");
  const { result: res, fell } = await charged(() => generate({ prompt: ask(tag, "* bad_arguments"), tools: [weather] }));
  expect(res.status).toBe(502);
  expect(res.body.error).toMatchObject({ type: "api_error", code: "upstream_unavailable" });
  expect(new Set(familiesOf(await seen(tag)))).toEqual(new Set(["vendorx", "vendory", "vendorz"]));
  expectOwnWords(JSON.stringify(res.body));
  expect(fell).toBe(0);
});

test("every family's answer breaks the schema: 502 upstream_unavailable saying so, nothing charged", async () => {
  const tag = newTag("all-schema");
  const schema = { type: "object", properties: { year: { type: "integer", minimum: 1900 } }, required: ["year"], additionalProperties: false };
  const { result: res, fell } = await charged(() =>
    generate({ prompt: `[[tag ${tag}]] [[fault * bad_schema]] Name a year.`, response_format: { type: "json_schema", json_schema: { name: "year", schema } } }),
  );
  expect(res.status).toBe(502);
  expect(res.body.error).toMatchObject({ type: "api_error", code: "upstream_unavailable" });
  expect(res.body.error.message).toMatch(/schema/i);
  expect(fell).toBe(0);
});

test("streamed, every family cut mid-call: one terminal error event and no call, nothing charged", async () => {
  const tag = newTag("all-cut");
  const { result, fell } = await charged(() => stream({ prompt: ask(tag, "* cut_in_call n=1"), tools: [weather] }));
  expect(result.events.map((e) => e.event)).toEqual(["error"]);
  expect(result.events[0].json.error).toMatchObject({ code: "upstream_unavailable" });
  expect(new Set(familiesOf(await seen(tag)))).toEqual(new Set(["vendorx", "vendory", "vendorz"]));
  expect(fell).toBe(0);
});

test("the same through the OpenAI door: no call fragment, one error frame last, the SDK raises it once; nothing charged", async () => {
  const tag = newTag("all-cut-door");
  const body = { model: "scholar", messages: [{ role: "user", content: ask(tag, "* cut_in_call n=1") }], tools: [weather], stream: true };
  const { result: frames, fell } = await charged(async () => {
    const res = await fetch(`${server.base}/api/public/v1/openai/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const text = await res.text();
    return text.split("\n\n").filter((b) => b.startsWith("data: ")).map((b) => b.slice(6));
  });
  expect(frames.some((f) => f.includes("tool_calls"))).toBe(false);
  const errors = frames.filter((f) => f.includes('"error"'));
  expect(errors).toHaveLength(1);
  expect(frames.at(-1)).toBe(errors[0]);
  expect(JSON.parse(errors[0]).error).toMatchObject({ code: "upstream_unavailable" });
  expect(fell).toBe(0);

  const client = new OpenAI({ apiKey: key, baseURL: `${server.base}/api/public/v1/openai`, maxRetries: 0 });
  const failure = await (async () => {
    const stream = await client.chat.completions.create({ ...body, messages: [{ role: "user", content: ask(newTag("all-cut-sdk"), "* cut_in_call n=1") }], stream: true });
    for await (const chunk of stream) expect(chunk.choices[0]?.delta?.tool_calls).toBeUndefined();
  })().then(() => undefined, (error: unknown) => error);
  expect(failure).toBeInstanceOf(OpenAI.APIError);
});
