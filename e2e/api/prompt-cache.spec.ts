// Prompt caching end to end through the fake upstream, which reads a prompt's prefix (system prompt
// and tools) from its cache when the same family saw it before, as the vendors do: a conversation
// that asks for caching (`prompt_cache_key` on the OpenAI doors, `cache_control` on the Anthropic
// door) is passed on to the engine of each wire format, its second request reports the cached
// input in the door's usage, and the cached tokens are billed at the product's cached-input rate,
// also in GET /api/public/v1/usage. A conversation goes first to the family holding its cache.
import Anthropic from "@anthropic-ai/sdk";
import { expect, test } from "@playwright/test";
import OpenAI from "openai";
import { aiKey, creditsFor, familiesOf, generate, newTag, prompt, ratesOf, seen } from "../fixtures/ai";
import { state } from "../fixtures/state";

type Usage = { cached_input_tokens: number; input_tokens: number; credits: number };
const credits = (body: unknown) => (body as { switchyard: { credits: number } }).switchyard.credits;

async function usageTotals(key: string): Promise<Usage> {
  const res = await fetch(`${state().baseURL}/api/public/v1/usage`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as { totals: Usage }).totals;
}

test("the products list a cached-input rate beside the input rate", async () => {
  const rates = await ratesOf("scholar");
  expect(rates.cached_input_per_million_tokens).toBeGreaterThanOrEqual(0);
  expect(rates.cached_input_per_million_tokens).toBeLessThan(rates.input_per_million_tokens);
});

test("OpenAI door, OpenAI-format engine: prompt_cache_key is passed on; the repeated prefix is billed as cached", async () => {
  const key = await aiKey();
  const client = new OpenAI({ apiKey: key, baseURL: `${state().baseURL}/api/public/v1/openai`, maxRetries: 0 });
  const tag = newTag("cache-openai");
  const ask = () =>
    client.chat.completions.create({
      model: "scholar",
      prompt_cache_key: `conversation-${tag}`,
      messages: [
        { role: "system", content: `[[tag ${tag}]] You are a careful assistant. ${"Follow the house rules. ".repeat(60)}` },
        { role: "user", content: "Describe a quiet walk by the river." },
      ],
    });
  const first = await ask();
  expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
  const before = await usageTotals(key);
  const second = await ask();
  const cached = second.usage!.prompt_tokens_details!.cached_tokens!;
  expect(cached).toBeGreaterThan(100);
  expect(cached).toBeLessThan(second.usage!.prompt_tokens);
  expect((await seen(tag)).every((r) => (r.body as { prompt_cache_key?: string }).prompt_cache_key === `conversation-${tag}`)).toBe(true);
  const rates = await ratesOf("scholar");
  expect(credits(second)).toBe(creditsFor(rates, second.usage!.prompt_tokens, second.usage!.completion_tokens, cached));
  expect(credits(second)).toBeLessThan(creditsFor(rates, second.usage!.prompt_tokens, second.usage!.completion_tokens));
  await expect(async () => {
    const after = await usageTotals(key);
    expect(after.cached_input_tokens - before.cached_input_tokens).toBeGreaterThanOrEqual(cached);
  }).toPass({ timeout: 10_000 });
});

test("Anthropic door, Anthropic-format engine: cache_control breakpoints are passed on; cache reads are reported and billed as cached", async () => {
  const client = new Anthropic({ apiKey: await aiKey(), baseURL: `${state().baseURL}/api/public/v1/anthropic`, maxRetries: 0 });
  const tag = newTag("cache-anthropic");
  const ask = () =>
    client.messages.create({
      model: "vision",
      max_tokens: 200,
      system: [{ type: "text", text: `[[tag ${tag}]] You are a careful assistant. ${"Follow the house rules. ".repeat(60)}`, cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: "Describe a quiet walk by the river." }],
    });
  const first = await ask();
  expect(first.usage.cache_read_input_tokens).toBe(0);
  const second = await ask();
  const read = second.usage.cache_read_input_tokens!;
  expect(read).toBeGreaterThan(100);
  const sent = (await seen(tag)).map((r) => JSON.stringify(r.body));
  expect(sent.every((body) => body.includes('"cache_control":{"type":"ephemeral"}'))).toBe(true);
  const rates = await ratesOf("vision");
  const input = second.usage.input_tokens + read + (second.usage.cache_creation_input_tokens ?? 0);
  expect(credits(second)).toBe(creditsFor(rates, input, second.usage.output_tokens, read));
});

test("a conversation keeps to the family holding its cache while it answers; a failure there still escalates", async () => {
  const key = await aiKey();
  const conversation = `conversation-${newTag("cache-holder")}`;
  const ask = async (cacheKey: string | undefined, ...directives: string[]) => {
    const tag = newTag("cache-holder");
    const res = await generate(key, { product: "scholar", prompt: prompt(tag, ...directives), ...(cacheKey ? { prompt_cache_key: cacheKey } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { body: res.body, families: familiesOf(await seen(tag)) };
  };
  // scholar's chain starts on vendorx: a busy vendorx sends the first request on to vendory.
  expect((await ask(conversation, "fault vendorx status code=429 retry_after=30")).families).toEqual(["vendorx", "vendory"]);
  const kept = await ask(conversation);
  expect(kept.families).toEqual(["vendory"]);
  expect(kept.body.routing).toMatchObject({ attempts: 1, escalated: false });
  expect(kept.body.routing.reason).toContain("kept to the engine holding its prompt cache");
  // Without the key (or with another), the chain's order as configured.
  expect((await ask(undefined)).families).toEqual(["vendorx"]);
  expect((await ask(`${conversation}-other`)).families).toEqual(["vendorx"]);
  // The holder failing: the request escalates along the chain, and the cache now sits there.
  expect((await ask(conversation, "fault vendory status code=429 retry_after=30")).families).toEqual(["vendory", "vendorx"]);
  expect((await ask(conversation)).families).toEqual(["vendorx"]);
});
