// Upstream faults as the official SDK sees them through the Responses door, on a server of the
// spec's own (its balance moves for these requests alone): a stream cut mid-answer continues on the
// next family into one whole text, a busy (429) or dead (503) family fails over to a whole answer,
// a call cut mid-arguments gives one whole call, and every family down ends a stream with one
// `response.failed` and a JSON request with a 502 — nothing charged. Each answer is charged exactly
// its `switchyard.credits`, which follow from its usage at the live rates.
import { expect, test } from "@playwright/test";
import type OpenAI from "openai";
import { creditsFor, familiesOf, newTag, seen } from "../fixtures/ai";
import { askWeather, expectValidArguments, weatherParameters } from "../fixtures/client-tools";
import { meteredServer, micro, type MeteredServer } from "../fixtures/metered-server";
import { askResponses, expectWellFormedStream, responsesClient, weatherTool, type DoorAnswer } from "../fixtures/responses-door";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 69;

test.describe.configure({ mode: "default" });

let server: MeteredServer;
let client: OpenAI;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await meteredServer("responses-door-faults", PORT);
  client = responsesClient(server.base, server.key);
});

test.afterAll(async () => {
  await server?.stop();
});

const ask = (tag: string, ...directives: string[]) => `[[tag ${tag}]] ${directives.map((d) => `[[${d}]]`).join(" ")} Describe a quiet walk by the river.`;

/** The answer was charged exactly its credits, which are its usage at the live rates. */
async function expectCharged(answer: DoorAnswer, fell: number) {
  const usage = answer.usage!;
  expect(answer.credits).toBe(creditsFor(await server.rates("scholar"), usage.input_tokens, usage.output_tokens));
  expect(fell).toBe(micro(answer.credits!));
}

test("a stream cut mid-answer: the next family continues, the client's text is the whole answer, charged once", async () => {
  const tag = newTag("resp-cut");
  const { result: answer, fell } = await server.charged(() => askResponses(client, { model: "scholar", input: ask(tag, "words 20", "fault vendorx cut_after n=5") }, true));
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expectWellFormedStream(answer.events, "response.completed");
  expect(requests[0].sent.length).toBeGreaterThan(0);
  expect(answer.text).toBe(requests[0].answer);
  expect((answer.response.output[0] as OpenAI.Responses.ResponseOutputMessage).content).toEqual([{ type: "output_text", text: answer.text, annotations: [] }]);
  expect((answer.response as { switchyard?: { routing: { escalated: boolean } } }).switchyard?.routing.escalated).toBe(true);
  await expectCharged(answer, fell);
});

for (const [label, fault, families] of [
  ["a 429 with a long Retry-After: the next family at once", "status code=429 retry_after=30", ["vendorx", "vendory"]],
  ["a dead family (503): one retry, then the next family", "status code=503", ["vendorx", "vendorx", "vendory"]],
] as const) {
  test(`${label}, a whole answer through the door, charged once`, async () => {
    const tag = newTag("resp-failover");
    const { result: answer, fell } = await server.charged(() => askResponses(client, { model: "scholar", input: ask(tag, `fault vendorx ${fault}`) }));
    const requests = await seen(tag);
    expect(familiesOf(requests)).toEqual(families);
    expect(answer.response.status).toBe("completed");
    expect(answer.text).toBe(requests.at(-1)!.answer);
    await expectCharged(answer, fell);
  });
}

test("a call cut mid-arguments, streamed: one whole function_call item, the next family's", async () => {
  const tag = newTag("resp-call-cut");
  const { result: answer, fell } = await server.charged(() => askResponses(client, { model: "scholar", input: ask(tag, "fault vendorx cut_in_call n=2").replace("Describe a quiet walk by the river.", askWeather), tools: [weatherTool] }, true));
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expectWellFormedStream(answer.events, "response.completed");
  const made = answer.response.output.filter((item) => item.type === "function_call");
  expect(made).toHaveLength(1);
  expect(JSON.parse(made[0].arguments)).toEqual(JSON.parse(requests[1].calls[0].arguments));
  expectValidArguments(weatherParameters, made[0].arguments);
  expect(answer.events.filter((e) => e.type === "response.function_call_arguments.delta")).toHaveLength(1);
  await expectCharged(answer, fell);
});

test("every family down: a stream ends with one response.failed (upstream_unavailable), JSON is a 502; nothing charged", async () => {
  const { result, fell } = await server.charged(async () => {
    const streamed = await askResponses(client, { model: "scholar", input: ask(newTag("resp-down-sse"), "fault * status code=503") }, true);
    const json = await askResponses(client, { model: "scholar", input: ask(newTag("resp-down-json"), "fault * status code=503") }).catch((error: unknown) => error);
    return { streamed, json };
  });
  expectWellFormedStream(result.streamed.events, "response.failed");
  expect(result.streamed.response).toMatchObject({ status: "failed", usage: null, error: { code: "upstream_unavailable", type: "api_error" } });
  expect(result.streamed.events.some((e) => e.type === "response.output_text.delta")).toBe(false);
  expect(result.json).toMatchObject({ status: 502, code: "upstream_unavailable" });
  expect(fell).toBe(0);
});

test("max_output_tokens reached: status incomplete (max_output_tokens), as JSON and as a stream ending in response.incomplete; sampling passed on", async () => {
  const tag = newTag("resp-length");
  const params = { model: "scholar", input: ask(tag, "words 80"), max_output_tokens: 20, temperature: 0.3, top_p: 0.5 };
  const { result, fell } = await server.charged(async () => ({ json: await askResponses(client, params), streamed: await askResponses(client, params, true) }));
  const requests = await seen(tag);
  expect(requests.map((r) => [r.body.max_tokens, r.body.temperature, r.body.top_p])).toEqual([[20, 0.3, 0.5], [20, 0.3, 0.5]]);
  for (const answer of [result.json, result.streamed]) {
    expect(answer.response).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, max_output_tokens: 20, temperature: 0.3, top_p: 0.5 });
    expect(answer.response.output).toEqual([expect.objectContaining({ type: "message", status: "incomplete" })]);
    expect(requests[0].answer.startsWith(answer.text)).toBe(true);
    expect(answer.text.length).toBeLessThan(requests[0].answer.length);
  }
  expectWellFormedStream(result.streamed.events, "response.incomplete");
  expect(fell).toBe(micro(result.json.credits!) + micro(result.streamed.credits!));
});
