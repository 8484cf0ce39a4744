// Reasoning through the Responses door with the official SDK, as Codex CLI sends it (`reasoning`
// with a summary, `include: ["reasoning.encrypted_content"]`, nothing stored), against the fake
// upstream in the Anthropic wire format (vision starts on it): the answer starts with a reasoning
// item whose summary is the engine's thinking and whose encrypted content is this server's sealed
// block (never the vendor's signature); sent back in `input` in a tool loop it reaches the engine
// with the vendor's own signature, which the fake checks as the vendor does; an item that does
// not open is left out rather than failing the turn.
import { expect, test } from "@playwright/test";
import type OpenAI from "openai";
import { aiKey, newTag, seen } from "../fixtures/ai";
import { signatureOf } from "../fixtures/fake-upstream/thinking";
import { LEAK_WORDS } from "../fixtures/families";
import { responsesClient, weatherTool } from "../fixtures/responses-door";
import { state } from "../fixtures/state";

type Reasoning = OpenAI.Responses.ResponseReasoningItem;
const reasoningOf = (response: OpenAI.Responses.Response) => response.output.filter((item): item is Reasoning => item.type === "reasoning");
const client = async () => responsesClient(state().baseURL, await aiKey());
const asked = { model: "vision", store: false, reasoning: { effort: "low" as const, summary: "auto" as const }, include: ["reasoning.encrypted_content" as const], tools: [weatherTool] };

for (const streamed of [false, true]) {
  test(`${streamed ? "streamed" : "whole"}: a reasoning item comes first, sealed, and goes back to its engine in a tool loop`, async () => {
    const openai = await client();
    const tag = newTag(`reasoning-${streamed ? "stream" : "json"}`);
    const question: OpenAI.Responses.ResponseInputItem = { role: "user", content: `[[tag ${tag}]] [[call get_weather {"city":"Oslo","unit":"celsius"}]] What is the weather in Oslo?` };
    const ask = (input: OpenAI.Responses.ResponseInputItem[]) =>
      streamed ? openai.responses.stream({ ...asked, input }).finalResponse() : openai.responses.create({ ...asked, input });
    const first = await ask([question]);
    expect(first.output.map((item) => item.type)).toEqual(["reasoning", "function_call"]);
    const [item] = reasoningOf(first);
    expect(item.summary).toEqual([{ type: "summary_text", text: expect.stringContaining("What is the weather in Oslo?") }]);
    expect(item.encrypted_content).toBeTruthy();
    for (const word of [...LEAK_WORDS, signatureOf(item.summary[0].text)]) expect(item.encrypted_content).not.toContain(word);
    const call = first.output.find((out) => out.type === "function_call") as OpenAI.Responses.ResponseFunctionToolCall;

    // Codex sends back the output items as they came (ids included), then the call's output.
    const second = await ask([question, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: "function_call_output", call_id: call.call_id, output: "4 °C and clear" }]);
    expect(second.status).toBe("completed");
    expect(second.output.at(-1)?.type).toBe("message");
    const [, back] = await seen(tag);
    const assistant = back.messages[1] as { content: { type: string; thinking?: string; signature?: string }[] };
    expect(assistant.content[0]).toEqual({ type: "thinking", thinking: item.summary[0].text, signature: signatureOf(item.summary[0].text) });
    expect((back.body.thinking as { type: string; budget_tokens: number })).toMatchObject({ type: "enabled", budget_tokens: 2048 });
  });
}

test("a reasoning item whose encrypted content was altered is left out: the turn is answered, the engine never sees it", async () => {
  const openai = await client();
  const tag = newTag("reasoning-altered");
  const question: OpenAI.Responses.ResponseInputItem = { role: "user", content: `[[tag ${tag}]] Say hello.` };
  const first = await openai.responses.create({ ...asked, tools: [], input: [question] });
  const [item] = reasoningOf(first);
  const altered = { ...item, encrypted_content: `${item.encrypted_content!.slice(0, -4)}AAAA` };
  const second = await openai.responses.create({ ...asked, tools: [], input: [question, altered, ...(first.output.filter((out) => out.type === "message") as OpenAI.Responses.ResponseInputItem[]), { role: "user", content: "Again." }] });
  expect(second.output.at(-1)?.type).toBe("message");
  const [, back] = await seen(tag);
  expect(JSON.stringify(back.messages)).not.toContain('"thinking"');
});

test("without `include`, reasoning items carry no encrypted content; without `reasoning`, none at all and no thinking sent", async () => {
  const openai = await client();
  const tag = newTag("reasoning-plain");
  const summarised = await openai.responses.create({ model: "vision", reasoning: { effort: "medium" }, input: `[[tag ${tag}]] Say hello.` });
  expect(reasoningOf(summarised).map((item) => [item.summary, "encrypted_content" in item])).toEqual([[[], false]]);
  const plain = await openai.responses.create({ model: "vision", input: `[[tag ${tag}]] Say hello.` });
  expect(reasoningOf(plain)).toEqual([]);
  const [asking, notAsking] = await seen(tag);
  expect((asking.body.thinking as { type: string }).type).toBe("enabled");
  expect(notAsking.body.thinking).toBeUndefined();
});
