// Thinking through the Anthropic door with the official SDK, against the fake upstream in the
// Anthropic wire format (vision starts on it): the answer starts with the engine's thinking block,
// whose signature is this server's sealed carrier (never the vendor's); sent back in a tool loop it
// reaches the engine with the vendor's own signature, which the fake checks as the vendor does; a
// block whose signature was altered is left out rather than failing the turn.
import Anthropic from "@anthropic-ai/sdk";
import { expect, test } from "@playwright/test";
import { aiKey, newTag, seen } from "../fixtures/ai";
import { weatherParameters } from "../fixtures/client-tools";
import { signatureOf } from "../fixtures/fake-upstream/thinking";
import { LEAK_WORDS } from "../fixtures/families";
import { state } from "../fixtures/state";

const weather: Anthropic.Tool = { name: "get_weather", description: "The weather now in a city.", input_schema: weatherParameters as Anthropic.Tool.InputSchema };
const client = async () => new Anthropic({ apiKey: await aiKey(), baseURL: `${state().baseURL}/api/public/v1/anthropic`, maxRetries: 0 });

type Thinking = Anthropic.ThinkingBlock;
const thinkingOf = (message: Anthropic.Message) => message.content.filter((b): b is Thinking => b.type === "thinking");

for (const streamed of [false, true]) {
  test(`${streamed ? "streamed" : "whole"}: the thinking block comes first, sealed, and goes back to its engine in a tool loop`, async () => {
    const anthropic = await client();
    const tag = newTag(`thinking-${streamed ? "stream" : "json"}`);
    const question: Anthropic.MessageParam = { role: "user", content: `[[tag ${tag}]] [[call get_weather {"city":"Oslo","unit":"celsius"}]] What is the weather in Oslo?` };
    const ask = (messages: Anthropic.MessageParam[]) => {
      const body = { model: "vision", max_tokens: 4000, thinking: { type: "enabled" as const, budget_tokens: 2000 }, tools: [weather], messages };
      return streamed ? anthropic.messages.stream(body).finalMessage() : anthropic.messages.create(body);
    };
    const first = await ask([question]);
    expect(first.content.map((b) => b.type)).toEqual(["thinking", "tool_use"]);
    const [block] = thinkingOf(first);
    expect(block.thinking).toContain("What is the weather in Oslo?");
    expect(block.signature).not.toBe(signatureOf(block.thinking));
    for (const word of LEAK_WORDS) expect(block.signature).not.toContain(word);
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use")!;

    const second = await ask([
      question,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "4 °C and clear" }] },
    ]);
    expect(second.stop_reason).toBe("end_turn");
    const [, back] = await seen(tag);
    const assistant = back.messages[1] as { content: { type: string; thinking?: string; signature?: string }[] };
    expect(assistant.content[0]).toEqual({ type: "thinking", thinking: block.thinking, signature: signatureOf(block.thinking) });
    expect((back.body.thinking as { type: string }).type).toBe("enabled");
  });
}

test("a thinking block whose signature was altered is left out: the turn is answered, the engine never sees it", async () => {
  const anthropic = await client();
  const tag = newTag("thinking-altered");
  const first = await anthropic.messages.create({ model: "vision", max_tokens: 4000, thinking: { type: "adaptive" } as never, messages: [{ role: "user", content: `[[tag ${tag}]] Say hello.` }] });
  const [block] = thinkingOf(first);
  const altered = { ...block, signature: `${block.signature.slice(0, -4)}AAAA` };
  const second = await anthropic.messages.create({
    model: "vision", max_tokens: 4000, thinking: { type: "adaptive" } as never,
    messages: [{ role: "user", content: `[[tag ${tag}]] Say hello.` }, { role: "assistant", content: [altered, ...first.content.filter((b) => b.type === "text")] }, { role: "user", content: "Again." }],
  });
  expect(second.content.at(-1)?.type).toBe("text");
  const [, back] = await seen(tag);
  expect(JSON.stringify(back.messages)).not.toContain('"thinking"');
});

test("without thinking asked for, no thinking block and no thinking sent to the engine", async () => {
  const anthropic = await client();
  const tag = newTag("thinking-none");
  const answer = await anthropic.messages.create({ model: "vision", max_tokens: 200, messages: [{ role: "user", content: `[[tag ${tag}]] Say hello.` }] });
  expect(thinkingOf(answer)).toEqual([]);
  expect((await seen(tag))[0].body.thinking).toBeUndefined();
});
