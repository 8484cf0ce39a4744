// Thinking on the Anthropic adapter: `thinking` asked for goes as the API's (within the output
// limit, never beside a forced tool use), the engine's signed block comes back as one event, and a
// block sent back on an assistant turn reaches the family that wrote it with its own signature.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { signatureOf } from "../../../e2e/fixtures/fake-upstream/thinking";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { sealThinking } from "../thinking";
import type { ThinkingBlock } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

describe("anthropic adapter thinking", () => {
  it("asks for thinking as the API takes it: a budget below max_tokens and at least 1024, or adaptive", async () => {
    const config = family("anthropic", upstream.url, "th-ask");
    await run(config, { messages: [user("a [[tag th-ask]]")], maxOutputTokens: 4000, thinking: { budgetTokens: 2000 }, temperature: 0.5 });
    await run(config, { messages: [user("b [[tag th-ask]]")], maxOutputTokens: 4000, thinking: { budgetTokens: 100 } });
    await run(config, { messages: [user("c [[tag th-ask]]")], maxOutputTokens: 4000, thinking: { budgetTokens: 9000 } });
    await run(config, { messages: [user("d [[tag th-ask]]")], maxOutputTokens: 4000, thinking: {} });
    await run(config, { messages: [user("e [[tag th-ask]]")], maxOutputTokens: 1000, thinking: { budgetTokens: 2000 } });
    await run(config, { messages: [user("f [[tag th-ask]]")], maxOutputTokens: 4000, thinking: {}, tools: [{ name: "f", parameters: { type: "object" } }], toolChoice: "required" });
    const sent = upstream.requests("th-ask").map((r) => r.body.thinking);
    expect(sent).toEqual([
      { type: "enabled", budget_tokens: 2000 },
      { type: "enabled", budget_tokens: 1024 },
      { type: "enabled", budget_tokens: 3999 },
      { type: "adaptive" },
      undefined, // no room for the least budget
      undefined, // a forced tool use
    ]);
    expect(upstream.requests("th-ask")[0].body.temperature).toBeUndefined();
  });

  it("hands on the engine's thinking block whole, before the answer's text", async () => {
    const outcome = await run(family("anthropic", upstream.url, "th-block"), { messages: [user("Why is the sky blue? [[tag th-block]]")], maxOutputTokens: 4000, thinking: {} });
    expect(outcome.error).toBeUndefined();
    const thinking = outcome.events.filter((e) => e.type === "thinking");
    expect(thinking).toHaveLength(1);
    const block = (thinking[0] as { block: { thinking: string; signature: string } }).block;
    expect(block.thinking).toContain("Why is the sky blue?");
    expect(block.signature).toBe(signatureOf(block.thinking));
    expect(outcome.events.findIndex((e) => e.type === "thinking")).toBeLessThan(outcome.events.findIndex((e) => e.type === "delta"));
  });

  it("sends a block back first in its turn to the family that wrote it, and leaves out another family's", async () => {
    const written = { thinking: "I will look it up.", signature: signatureOf("I will look it up.") };
    const sealed: ThinkingBlock = sealThinking("th-back", written);
    const turns = (tag: string) => [
      user(`Weather? [[tag ${tag}]]`),
      { role: "assistant" as const, content: "Looking.", toolCalls: [{ id: "call_1", name: "weather", arguments: "{}" }], thinking: [sealed] },
      { role: "tool" as const, content: "4 °C", toolCallId: "call_1" },
    ];
    const tools = [{ name: "weather", parameters: { type: "object" } }];
    const same = await run(family("anthropic", upstream.url, "th-back"), { messages: turns("th-back"), maxOutputTokens: 4000, thinking: {}, tools });
    expect(same.error).toBeUndefined();
    const [back] = upstream.requests("th-back");
    expect((back.messages[1] as { content: unknown }).content).toEqual([
      { type: "thinking", ...written },
      { type: "text", text: "Looking." },
      { type: "tool_use", id: "call_1", name: "weather", input: {} },
    ]);
    expect(back.body.thinking).toEqual({ type: "adaptive" });

    // Another family: the block is left out, and so thinking (the API wants the calls' own thinking first).
    const other = await run(family("anthropic", upstream.url, "th-other"), { messages: turns("th-other"), maxOutputTokens: 4000, thinking: {}, tools });
    expect(other.error).toBeUndefined();
    const [crossed] = upstream.requests("th-other");
    expect(JSON.stringify(crossed.messages)).not.toContain("thinking");
    expect(crossed.body.thinking).toBeUndefined();
  });

  it("a block whose carrier does not open is left out, never sent for the engine to refuse", async () => {
    const forged = { role: "assistant" as const, content: [{ type: "text" as const, text: "Hi." }], thinking: [{ thinking: "x", signature: "forged" }] };
    const outcome = await run(family("anthropic", upstream.url, "th-forged"), { messages: [user("a [[tag th-forged]]"), forged, user("b")], maxOutputTokens: 4000, thinking: {} });
    expect(outcome.error).toBeUndefined();
    expect(JSON.stringify(upstream.requests("th-forged")[0].messages)).not.toContain('"signature"');
  });
});
