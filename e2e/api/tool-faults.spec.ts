// Failover for tool calls and structured output against the fake upstream, on the native API,
// on a server of the spec's own (vendorx's strong model without tool calling) so that its
// workspace's balance moves for these generations alone: in each case the balance falls by exactly
// the answer's credits (nothing for a failed attempt, nothing at all when every family fails).
// scholar's chain is vendorx/standard (OpenAI-compatible) → vendory/standard (Anthropic) →
// vendorz/standard; advanced's is vendorx/strong → vendory/strong. tool-faults-clients.spec.ts
// has the same faults seen by real clients through the OpenAI door.
import { expect, test } from "@playwright/test";
import { countTokens } from "../../server/ai/tokens";
import { creditsFor, familiesOf, newTag, seen } from "../fixtures/ai";
import { askWeather, clock, weather } from "../fixtures/client-tools";
import { LEAK_WORDS } from "../fixtures/families";
import { argumentFragments } from "../fixtures/fake-upstream/tools";
import { meteredServer, micro, type MeteredServer } from "../fixtures/metered-server";
import { api } from "../fixtures/own-server";
import { streamEvents } from "../fixtures/sandbox-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 64;

test.describe.configure({ mode: "serial" });

let server: MeteredServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await meteredServer("tool-faults", PORT, (families) => {
    const vendorx = families.families.find((f) => f.id === "vendorx")!;
    (vendorx.models.strong as { capabilities?: string[] }).capabilities = ["json_schema", "images"];
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const generate = (body: object) => api(server.base, "POST", "/api/public/v1/ai/completions", server.key, body);
const stream = (body: object) => streamEvents(server.base, "/api/public/v1/ai/completions", server.key, { ...body, stream: true });
const ask = (tag: string, ...faults: string[]) => `[[tag ${tag}]] ${faults.map((f) => `[[fault ${f}]]`).join(" ")} ${askWeather}`;
const charged = <R>(scenario: () => Promise<R>) => server.charged(scenario);

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

test("arguments that are not valid JSON: the next family answers; charged its credits", async () => {
  const tag = newTag("bad-arguments");
  const { result: res, fell } = await charged(() => generate({ prompt: ask(tag, "vendorx bad_arguments"), tools: [weather] }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(requests[0].faults).toEqual(["bad_arguments"]);
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
  expect(res.body.usage.credits).toBe(creditsFor(await server.rates("scholar"), res.body.usage.input_tokens, res.body.usage.output_tokens));
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
