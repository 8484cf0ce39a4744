// The Anthropic door's wire format without a server: its request as the generation request (blocks
// to turns, tools and tool_choice), and its stream events in Anthropic's order with a lazily opened
// text block and each call whole.
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import type { Generation } from "../generate";
import { anthropicErrorEnvelope, messagesRequest } from "../anthropic-schema";
import { anthropicDoor, anthropicErrorBody } from "./anthropic";
import type { Started, WireEvent } from "./door";

const parse = (body: unknown) => anthropicDoor.parse(messagesRequest.parse(body));

describe("the Anthropic door's request", () => {
  it("maps system, blocks, tool_use and tool_result onto native turns", () => {
    const request = parse({
      model: "switchyard/vision",
      max_tokens: 100,
      system: [{ type: "text", text: "Be brief." }],
      stop_sequences: ["END"],
      top_p: 0.5,
      metadata: { user_id: "u1" },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      tool_choice: { type: "any", disable_parallel_tool_use: true },
      messages: [
        { role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }, { type: "text", text: "Weather?" }] },
        { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool_use", id: "call_1", name: "get_weather", input: { city: "Oslo" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: "4 °C", is_error: true }, { type: "text", text: "And now?" }] },
      ],
    });
    expect(request).toMatchObject({
      product: "vision",
      max_output_tokens: 100,
      stop: ["END"],
      sampling: { topP: 0.5 },
      metadata: { user_id: "u1" },
      tools: [{ type: "function", function: { name: "get_weather", parameters: { type: "object" } } }],
      tool_choice: "required",
      parallel_tool_calls: false,
    });
    expect(request.messages).toEqual([
      { role: "system", content: [{ type: "text", text: "Be brief." }] },
      { role: "user", content: [{ type: "image", url: "data:image/png;base64,AAAA" }, { type: "text", text: "Weather?" }] },
      { role: "assistant", content: [{ type: "text", text: "Let me look." }], tool_calls: [{ id: "call_1", name: "get_weather", arguments: { city: "Oslo" } }] },
      { role: "tool", tool_call_id: "call_1", content: "Error: 4 °C" },
      { role: "user", content: [{ type: "text", text: "And now?" }] },
    ]);
  });

  it("takes a system turn inside messages, carries thinking blocks on their turn, drops server tools, and maps output_config.format", () => {
    const request = parse({
      model: "scholar",
      max_tokens: 100,
      output_config: { effort: "high", format: { type: "json_schema", schema: { type: "object" } } },
      tools: [{ name: "get_weather", input_schema: { type: "object" } }, { type: "web_search_20250305", name: "web_search" }],
      messages: [
        { role: "system", content: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }] },
        { role: "user", content: "Weather?" },
        { role: "assistant", content: [{ type: "thinking", thinking: "hm", signature: "sig" }, { type: "redacted_thinking", data: "r" }, { type: "thinking", thinking: "unsigned" }, { type: "text", text: "Sunny." }] },
      ],
    });
    expect(request.messages).toEqual([
      { role: "system", content: [{ type: "text", text: "Be brief." }] },
      { role: "user", content: "Weather?" },
      { role: "assistant", content: [{ type: "text", text: "Sunny." }], thinking: [{ thinking: "hm", signature: "sig" }, { redacted: "r" }] },
    ]);
    expect(request.tools?.map((t) => t.function.name)).toEqual(["get_weather"]);
    expect(request.response_format).toEqual({ type: "json_schema", json_schema: { name: "answer", schema: { type: "object" }, strict: true } });
  });

  it("refuses what it does not serve by name, and a block on the wrong role", () => {
    const refused = (body: Record<string, unknown>) => {
      try {
        parse({ model: "scholar", max_tokens: 10, messages: [{ role: "user", content: "hi" }], ...body });
      } catch (error) {
        return (error as AppError).extra.param;
      }
      return undefined;
    };
    expect(refused({ thinking: { type: "enabled", budget_tokens: 1024 } })).toBeUndefined();
    expect(refused({ thinking: { type: "adaptive" } })).toBeUndefined();
    expect(refused({ thinking: { type: "disabled" } })).toBeUndefined();
    expect(parse({ model: "scholar", max_tokens: 10, messages: [{ role: "user", content: "hi" }], thinking: { type: "enabled", budget_tokens: 2048 } }).thinking).toEqual({ budgetTokens: 2048 });
    expect(parse({ model: "scholar", max_tokens: 10, messages: [{ role: "user", content: "hi" }], thinking: { type: "adaptive" } }).thinking).toEqual({});
    expect(parse({ model: "scholar", max_tokens: 10, messages: [{ role: "user", content: "hi" }], thinking: { type: "disabled" } }).thinking).toBeUndefined();
    expect(refused({ model: "other" })).toBe("model");
    expect(refused({ messages: [{ role: "user", content: [{ type: "tool_use", id: "c", name: "f", input: {} }] }] })).toBe("messages.0.content.0");
    expect(messagesRequest.safeParse({ model: "scholar", messages: [] }).error?.issues[0].path).toEqual(["max_tokens"]);
  });
});

describe("the Anthropic door's answers", () => {
  const started: Started = { id: "gen_1", product: "scholar", created: new Date(0), inputTokens: 7 };
  const generation = (over: Partial<Generation>): Generation => ({
    id: "gen_1", object: "generation", product: "scholar", output: "", usage: { input_tokens: 7, output_tokens: 3, credits: 0.1 },
    routing: { reason: "r", attempts: 1, escalated: false }, finish_reason: "stop", metadata: {}, created_at: "", ...over,
  });
  const body = messagesRequest.parse({ model: "scholar", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
  const names = (events: WireEvent[]) => events.map((e) => e.event);

  it("streams text in one lazily opened block, then each call whole, then message_delta and message_stop", () => {
    const writer = anthropicDoor.perStream();
    const stream = { ...started };
    const events = [
      ...writer.opening(stream),
      ...([] as WireEvent[]).concat(writer.delta("Hel", stream), writer.delta("lo", stream)),
      ...writer.closing(generation({ output: "Hello", finish_reason: "tool_calls", tool_calls: [{ id: "call_1", name: "f", arguments: { a: 1 } }] }), stream, body),
    ];
    expect(names(events)).toEqual([
      "message_start", "ping", "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop",
    ]);
    expect(events[6].data).toMatchObject({ index: 1, content_block: { type: "tool_use", id: "call_1", name: "f" } });
    expect(events[7].data).toMatchObject({ index: 1, delta: { type: "input_json_delta", partial_json: '{"a":1}' } });
    expect(events[9].data).toMatchObject({ delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { input_tokens: 7, output_tokens: 3 }, switchyard: { credits: 0.1 } });
  });

  it("streams thinking blocks first, each whole at its index, then the text and the calls after them", () => {
    const writer = anthropicDoor.perStream();
    const stream = { ...started };
    const thinking = [{ thinking: "Hm.", signature: "sealed-1" }, { redacted: "sealed-2" }];
    const events = [
      ...thinking.flatMap((block) => writer.thinking!(block, stream)),
      ...([] as WireEvent[]).concat(writer.delta("Hi", stream)),
      ...writer.closing(generation({ output: "Hi", thinking, finish_reason: "tool_calls", tool_calls: [{ id: "call_1", name: "f", arguments: {} }] }), stream, body),
    ];
    expect(events.slice(0, 4).map((e) => e.data)).toEqual([
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "", signature: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "Hm." } },
      { type: "content_block_delta", index: 0, delta: { type: "signature_delta", signature: "sealed-1" } },
      { type: "content_block_stop", index: 0 },
    ]);
    expect(events.slice(4, 6).map((e) => e.data)).toEqual([
      { type: "content_block_start", index: 1, content_block: { type: "redacted_thinking", data: "sealed-2" } },
      { type: "content_block_stop", index: 1 },
    ]);
    expect(events[6].data).toMatchObject({ type: "content_block_start", index: 2, content_block: { type: "text" } });
    expect(events[7].data).toMatchObject({ index: 2, delta: { type: "text_delta", text: "Hi" } });
    expect(events[8].data).toEqual({ type: "content_block_stop", index: 2 });
    expect(events[9].data).toMatchObject({ index: 3, content_block: { type: "tool_use", id: "call_1" } });
    expect(anthropicDoor.answer(generation({ output: "Hi", thinking }), stream)).toMatchObject({
      content: [{ type: "thinking", thinking: "Hm.", signature: "sealed-1" }, { type: "redacted_thinking", data: "sealed-2" }, { type: "text", text: "Hi" }],
    });
  });

  it("each stream opens its own text block (streams share no state)", () => {
    const [one, two] = [anthropicDoor.perStream(), anthropicDoor.perStream()];
    const first = ([] as WireEvent[]).concat(one.delta("a", started), two.delta("b", started));
    expect(names(first)).toEqual(["content_block_start", "content_block_delta", "content_block_start", "content_block_delta"]);
  });

  it("an answer of calls only has no text block, at index 0 or in JSON", () => {
    const stream = { ...started };
    const g = generation({ finish_reason: "tool_calls", tool_calls: [{ id: "call_1", name: "f", arguments: {} }] });
    const events = anthropicDoor.perStream().closing(g, stream, body);
    expect(events[0].data).toMatchObject({ type: "content_block_start", index: 0, content_block: { type: "tool_use" } });
    expect(anthropicDoor.answer(g, stream)).toMatchObject({ content: [{ type: "tool_use", id: "call_1", name: "f", input: {} }], stop_reason: "tool_use" });
  });

  it("an empty answer streams its empty text block, as the answer has one", () => {
    const stream = { ...started };
    const g = generation({ output: "", usage: { input_tokens: 7, output_tokens: 0, credits: 0 } });
    const events = anthropicDoor.perStream().closing(g, stream, body);
    expect(names(events)).toEqual(["content_block_start", "content_block_stop", "message_delta", "message_stop"]);
    expect(events[0].data).toMatchObject({ index: 0, content_block: { type: "text", text: "" } });
    expect(anthropicDoor.answer(g, stream)).toMatchObject({ content: [{ type: "text", text: "" }], stop_reason: "end_turn" });
  });

  it("errors: Anthropic's type for each status, our code and extra members beside it", () => {
    expect(anthropicErrorBody(new AppError("insufficient_scope", "no", { required_scope: "read_write" }), "req_1")).toEqual({
      type: "error", error: { type: "permission_error", message: "no" }, request_id: "req_1", code: "insufficient_scope", required_scope: "read_write",
    });
    expect(anthropicErrorEnvelope.safeParse(anthropicErrorBody(new AppError("insufficient_credits", "m", { balance: 1, required: 2 }), "req_1")).error).toBeUndefined();
    const typeOf = (code: ConstructorParameters<typeof AppError>[0]) => (anthropicErrorBody(new AppError(code, "m"), "r").error.type);
    expect([typeOf("not_found"), typeOf("rate_limited"), typeOf("upstream_unavailable"), typeOf("service_unavailable"), typeOf("invalid_body")]).toEqual([
      "not_found_error", "rate_limit_error", "api_error", "overloaded_error", "invalid_request_error",
    ]);
  });
});
