// Reasoning through the Responses door without a server: `reasoning` as the engines' thinking,
// reasoning items first in the answer (summary when asked, the block sealed when included), the
// same items streamed at their output indexes, and an item sent back as the thinking of the
// assistant turn it opens (left out when its carrier does not open).
import { describe, expect, it } from "vitest";
import type { Generation } from "../generate";
import { responseRequest } from "../responses-schema";
import { blockOfReasoning, reasoningCarrier } from "../thinking";
import type { Started, WireEvent } from "./door";
import { responsesDoor } from "./responses";

const parse = (body: unknown) => responsesDoor.parse(responseRequest.parse(body));
const started: Started = { id: "gen_1", product: "vision", created: new Date(0), inputTokens: 7 };
const thinking = [{ thinking: "The user wants Oslo.", signature: "sealed-1" }, { redacted: "sealed-2" }];
const generation = (over: Partial<Generation>): Generation => ({
  id: "gen_1", object: "generation", product: "vision", output: "", usage: { input_tokens: 7, output_tokens: 3, credits: 0.1 },
  routing: { reason: "r", attempts: 1, escalated: false }, finish_reason: "stop", metadata: {}, created_at: "", thinking, ...over,
});
const asked = (more: object = {}) => responseRequest.parse({ model: "vision", input: "Weather?", reasoning: { effort: "low", summary: "auto" }, ...more });

describe("the Responses door's reasoning", () => {
  it("asks the engines to think on a budget from the effort, and not at all for none", () => {
    expect(parse({ model: "vision", input: "hi", reasoning: { effort: "high" } }).thinking).toEqual({ budgetTokens: 16_384 });
    expect(parse({ model: "vision", input: "hi", reasoning: { summary: "auto" } }).thinking).toEqual({ budgetTokens: 8192 });
    expect(parse({ model: "vision", input: "hi", reasoning: { effort: "none" } }).thinking).toBeUndefined();
    expect(parse({ model: "vision", input: "hi" }).thinking).toBeUndefined();
  });

  it("answers each block as a reasoning item first: its summary when asked, the block sealed only when included", () => {
    const included = responsesDoor.answer(generation({ output: "Sunny." }), started, asked({ include: ["reasoning.encrypted_content"] })) as { output: Record<string, any>[] };
    expect(included.output.map((item) => item.type)).toEqual(["reasoning", "reasoning", "message"]);
    expect(included.output[0]).toMatchObject({ id: "rs_1_0", summary: [{ type: "summary_text", text: "The user wants Oslo." }] });
    expect(included.output[1].summary).toEqual([]);
    expect(JSON.stringify(included.output)).not.toContain("sealed-1");
    expect(blockOfReasoning(included.output[0].encrypted_content)).toEqual(thinking[0]);
    expect(blockOfReasoning(included.output[1].encrypted_content)).toEqual(thinking[1]);

    const plain = responsesDoor.answer(generation({ output: "Sunny." }), started, responseRequest.parse({ model: "vision", input: "x", reasoning: { effort: "low" } })) as { output: Record<string, any>[] };
    expect(plain.output[0]).toEqual({ type: "reasoning", id: "rs_1_0", summary: [] });
  });

  it("streams each reasoning item whole before the text, which takes the next output index, then the calls", () => {
    const body = asked({ include: ["reasoning.encrypted_content"] });
    const writer = responsesDoor.perStream(body);
    const events = ([] as WireEvent[]).concat(
      writer.opening(started),
      thinking.flatMap((block) => writer.thinking!(block, started)),
      writer.delta("Sun", started),
      writer.closing(generation({ output: "Sun", finish_reason: "tool_calls", tool_calls: [{ id: "call_1", name: "f", arguments: {} }] }), started, body),
    );
    const data = events.map((e) => e.data as Record<string, any>);
    expect(data.slice(2, 9).map((d) => [d.type, d.output_index])).toEqual([
      ["response.output_item.added", 0],
      ["response.reasoning_summary_part.added", 0],
      ["response.reasoning_summary_text.delta", 0],
      ["response.reasoning_summary_text.done", 0],
      ["response.reasoning_summary_part.done", 0],
      ["response.output_item.done", 0],
      ["response.output_item.added", 1],
    ]);
    expect(data[2].item).toEqual({ type: "reasoning", id: "rs_1_0", summary: [] });
    expect(data[4].delta).toBe("The user wants Oslo.");
    expect(blockOfReasoning(data[7].item.encrypted_content)).toEqual(thinking[0]);
    expect(data.find((d) => d.type === "response.output_text.delta")).toMatchObject({ output_index: 2, item_id: "msg_1" });
    expect(data.find((d) => d.type === "response.output_item.added" && d.item.type === "function_call")?.output_index).toBe(3);
    const done = data.at(-1)!.response.output.map((item: { type: string }) => item.type);
    expect(done).toEqual(["reasoning", "reasoning", "message", "function_call"]);
    expect(data.map((d) => d.sequence_number)).toEqual(data.map((_, i) => i));
  });

  it("takes a reasoning item back as the thinking of the assistant turn it opens; one that does not open is left out", () => {
    const request = parse({
      model: "vision",
      input: [
        { role: "user", content: "Weather?" },
        { type: "reasoning", id: "rs_1_0", summary: [], encrypted_content: reasoningCarrier(thinking[0]) },
        { type: "reasoning", id: "rs_1_1", summary: [], encrypted_content: "v1.forged.forged.forged" },
        { type: "reasoning", id: "rs_1_2", summary: [], encrypted_content: reasoningCarrier(thinking[1]) },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "Let me look." }] },
        { type: "function_call", call_id: "call_1", name: "f", arguments: "{}" },
        { type: "function_call_output", call_id: "call_1", output: "4 °C" },
        { type: "reasoning", id: "rs_2_0", summary: [] },
        { type: "reasoning", id: "rs_2_1", summary: [], encrypted_content: reasoningCarrier(thinking[0]) },
        { role: "user", content: "Thanks." },
      ],
    });
    expect(request.messages).toEqual([
      { role: "user", content: "Weather?" },
      { role: "assistant", thinking, content: [{ type: "text", text: "Let me look." }], tool_calls: [{ id: "call_1", name: "f", arguments: {} }] },
      { role: "tool", tool_call_id: "call_1", content: "4 °C" },
      { role: "user", content: "Thanks." },
    ]);
  });
});
