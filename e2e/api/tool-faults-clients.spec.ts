// The faults of tool-faults.spec.ts as real clients see them through the OpenAI door: a first
// family cut or stalled in the middle of a call's arguments gives the official SDK, the AI SDK and
// LangChain exactly one whole call, the next family's; every family cut gives one error and no
// call fragment. The balance of the spec's own workspace falls by the answer's credits each time.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { HumanMessage, type AIMessageChunk } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import { expect, test } from "@playwright/test";
import { jsonSchema, streamText, tool } from "ai";
import OpenAI from "openai";
import { creditsFor, familiesOf, newTag, seen } from "../fixtures/ai";
import { askWeather, weather } from "../fixtures/client-tools";
import { meteredServer, micro, type MeteredServer } from "../fixtures/metered-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 65;

test.describe.configure({ mode: "serial" });

let server: MeteredServer;
let key: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await meteredServer("tool-faults-clients", PORT);
  key = server.key;
});

test.afterAll(async () => {
  await server?.stop();
});

const ask = (tag: string, ...faults: string[]) => `[[tag ${tag}]] ${faults.map((f) => `[[fault ${f}]]`).join(" ")} ${askWeather}`;
const charged = <R>(scenario: () => Promise<R>) => server.charged(scenario);
const scholarRates = () => server.rates("scholar");

test("the official SDK, first family cut mid-call: one call, assembled whole from its deltas", async () => {
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

test("the AI SDK's streamText, first family cut mid-call: one tool-call part, its input deltas that call's alone", async () => {
  const tag = newTag("call-cut-aisdk");
  const provider = createOpenAICompatible({ name: "switchyard", baseURL: `${server.base}/api/public/v1/openai`, apiKey: key, includeUsage: true });
  const { result: parts, fell } = await charged(async () => {
    const result = streamText({ model: provider.chatModel("scholar"), prompt: ask(tag, "vendorx cut_in_call n=2"), tools: { get_weather: tool({ inputSchema: jsonSchema(weather.function.parameters) }) }, maxRetries: 0 });
    const seenParts: { type: string; id?: string; toolCallId?: string; input?: unknown; delta?: string }[] = [];
    for await (const part of result.fullStream) seenParts.push(part as (typeof seenParts)[number]);
    return { seenParts, usage: await result.usage };
  });
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  const calls = parts.seenParts.filter((p) => p.type === "tool-call");
  expect(calls).toHaveLength(1);
  expect(calls[0].input).toEqual(JSON.parse(requests[1].calls[0].arguments));
  const deltas = parts.seenParts.filter((p) => p.type === "tool-input-delta");
  expect(new Set(deltas.map((d) => d.id))).toEqual(new Set([calls[0].toolCallId]));
  expect(JSON.parse(deltas.map((d) => d.delta).join(""))).toEqual(calls[0].input);
  expect(parts.seenParts.some((p) => p.type === "error")).toBe(false);
  const rates = await scholarRates();
  expect(fell).toBe(micro(creditsFor(rates, parts.usage.inputTokens!, parts.usage.outputTokens!)));
});

test("LangChain's .stream(), first family stalled mid-call: the chunks add up to one whole call, the next family's", async () => {
  const tag = newTag("call-stall-langchain");
  const chat = new ChatOpenAI({ model: "scholar", apiKey: key, maxRetries: 0, configuration: { baseURL: `${server.base}/api/public/v1/openai` } });
  const { result: joined, fell } = await charged(async () => {
    let all: AIMessageChunk | undefined;
    for await (const chunk of await chat.bindTools([weather]).stream([new HumanMessage(ask(tag, "vendorx stall_in_call n=2"))])) all = all ? all.concat(chunk) : chunk;
    return all!;
  });
  const requests = await seen(tag);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(joined.invalid_tool_calls ?? []).toEqual([]);
  expect(joined.tool_calls?.map((c) => ({ name: c.name, args: c.args }))).toEqual([{ name: "get_weather", args: JSON.parse(requests[1].calls[0].arguments) }]);
  const usage = joined.usage_metadata!;
  expect(fell).toBe(micro(creditsFor(await scholarRates(), usage.input_tokens, usage.output_tokens)));
});

test("every family cut mid-call: no call fragment, one error frame last, the SDK raises it once; nothing charged", async () => {
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
