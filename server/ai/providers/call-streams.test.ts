// Streams of calls as vendors and compatible servers send them, written a few bytes at a time so
// that events and JSON fragments are split at arbitrary points: the adapters must still read
// each call as fragments of the right call number.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure, type UpstreamEvent } from "./types";

const sse = (events: [string | undefined, unknown][]) => events.map(([name, data]) => `${name ? `event: ${name}\n` : ""}data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`).join("");
const chunk = (delta: object, finish: string | null = null) => ({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] });

const STREAMS: Record<string, string> = {
  // Indexed fragments; the second call starts while the first is done.
  "oa-indexed": sse([
    [undefined, chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "get_weather", arguments: "" } }] })],
    [undefined, chunk({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] })],
    [undefined, chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Paris"}' } }] })],
    [undefined, chunk({ tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "get_time", arguments: "" } }] })],
    [undefined, chunk({ tool_calls: [{ index: 1, function: { arguments: "{}" } }] })],
    [undefined, chunk({}, "tool_calls")],
    [undefined, { id: "c", choices: [], usage: { prompt_tokens: 30, completion_tokens: 12 } }],
    [undefined, "[DONE]"],
  ]),
  // Whole calls without `index`, and an answer of calls that ends with "stop" (some self-hosted servers).
  "oa-whole": sse([
    [undefined, chunk({ role: "assistant", content: "", tool_calls: [{ id: "call_x", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } }] })],
    [undefined, chunk({ role: "assistant", content: "", tool_calls: [{ id: "call_y", type: "function", function: { name: "get_time", arguments: { zone: "UTC" } } }] })],
    [undefined, chunk({ role: "assistant", content: "" }, "stop")],
    [undefined, "[DONE]"],
  ]),
  // Every fragment repeats the call's id and name (a few compatible servers do).
  "oa-repeated": sse([
    [undefined, chunk({ tool_calls: [{ index: 0, id: "call_r", type: "function", function: { name: "get_time", arguments: '{"zo' } }] })],
    [undefined, chunk({ tool_calls: [{ index: 0, id: "call_r", type: "function", function: { name: "get_time", arguments: 'ne":"UTC"}' } }] })],
    [undefined, chunk({}, "tool_calls")],
    [undefined, "[DONE]"],
  ]),
  // Text first (block 0), then two tool_use blocks (blocks 1 and 2): calls 0 and 1.
  "an-calls": sse([
    ["message_start", { type: "message_start", message: { id: "msg", type: "message", role: "assistant", content: [], usage: { input_tokens: 40, output_tokens: 1 } } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Let me check." } }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["content_block_start", { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_a", name: "get_weather", input: {} } }],
    ["content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "" } }],
    ["content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"city": "Ro' } }],
    ["content_block_delta", { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: 'me"}' } }],
    ["content_block_stop", { type: "content_block_stop", index: 1 }],
    ["content_block_start", { type: "content_block_start", index: 2, content_block: { type: "tool_use", id: "toolu_b", name: "get_time", input: {} } }],
    ["content_block_delta", { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: "{}" } }],
    ["content_block_stop", { type: "content_block_stop", index: 2 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 20 } }],
    ["message_stop", { type: "message_stop" }],
  ]),
  // The answer tool's input given whole with the block's start.
  "an-answer": sse([
    ["message_start", { type: "message_start", message: { usage: { input_tokens: 10, output_tokens: 1 } } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_c", name: "facts", input: { a: "b" } } }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 5 } }],
    ["message_stop", { type: "message_stop" }],
  ]),
  "an-stray": sse([
    ["message_start", { type: "message_start", message: { usage: { input_tokens: 10, output_tokens: 1 } } }],
    ["content_block_delta", { type: "content_block_delta", index: 3, delta: { type: "input_json_delta", partial_json: "{}" } }],
  ]),
};

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = STREAMS[(req.url ?? "").split("/")[1]];
    req.resume();
    res.writeHead(body ? 200 : 404, { "content-type": "text/event-stream" });
    const bytes = Buffer.from(body ?? "");
    // Five bytes at a time: events, lines and JSON fragments all split mid-way.
    let at = 0;
    const next = () => {
      if (at >= bytes.length) return void res.end();
      res.write(bytes.subarray(at, (at += 5)));
      setImmediate(next);
    };
    next();
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const calls = (events: UpstreamEvent[]) => events.filter((e) => e.type === "tool_call");

describe("streamed calls split at arbitrary bytes", () => {
  it("openai: indexed fragments, id and name with the first", async () => {
    const outcome = await run(family("openai", base, "oa-indexed"), { messages: [user("x")] });
    expect(outcome.error).toBeUndefined();
    expect(calls(outcome.events)).toEqual([
      { type: "tool_call", index: 0, id: "call_a", name: "get_weather", arguments: "" },
      { type: "tool_call", index: 0, arguments: '{"ci' },
      { type: "tool_call", index: 0, arguments: 'ty":"Paris"}' },
      { type: "tool_call", index: 1, id: "call_b", name: "get_time", arguments: "" },
      { type: "tool_call", index: 1, arguments: "{}" },
    ]);
    expect(outcome.events.slice(-2)).toEqual([
      { type: "usage", inputTokens: 30, outputTokens: 12 },
      { type: "end", finish: "tool_calls" },
    ]);
  });

  it("openai: whole calls without index are numbered in order, object arguments become JSON text, and the answer ends with tool_calls", async () => {
    const outcome = await run(family("openai", base, "oa-whole"), { messages: [user("x")] });
    expect(calls(outcome.events)).toEqual([
      { type: "tool_call", index: 0, id: "call_x", name: "get_weather", arguments: '{"city":"Oslo"}' },
      { type: "tool_call", index: 1, id: "call_y", name: "get_time", arguments: '{"zone":"UTC"}' },
    ]);
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "tool_calls" });
  });

  it("openai: an id and name repeated on later fragments are passed on once, with the first", async () => {
    const outcome = await run(family("openai", base, "oa-repeated"), { messages: [user("x")] });
    expect(calls(outcome.events)).toEqual([
      { type: "tool_call", index: 0, id: "call_r", name: "get_time", arguments: '{"zo' },
      { type: "tool_call", index: 0, arguments: 'ne":"UTC"}' },
    ]);
  });

  it("anthropic: text, then calls numbered among tool_use blocks only, and stop_reason tool_use", async () => {
    const outcome = await run(family("anthropic", base, "an-calls"), { messages: [user("x")] });
    expect(outcome.error).toBeUndefined();
    expect(outcome.text).toBe("Let me check.");
    expect(calls(outcome.events)).toEqual([
      { type: "tool_call", index: 0, id: "toolu_a", name: "get_weather", arguments: "" },
      { type: "tool_call", index: 0, arguments: "" },
      { type: "tool_call", index: 0, arguments: '{"city": "Ro' },
      { type: "tool_call", index: 0, arguments: 'me"}' },
      { type: "tool_call", index: 1, id: "toolu_b", name: "get_time", arguments: "" },
      { type: "tool_call", index: 1, arguments: "{}" },
    ]);
    expect(outcome.events.slice(-2)).toEqual([
      { type: "usage", inputTokens: 40, outputTokens: 20 },
      { type: "end", finish: "tool_calls" },
    ]);
  });

  it("anthropic: the answer tool's input is the answer's text, and the answer ends with stop", async () => {
    const schema = { type: "object", properties: { a: { type: "string" } } };
    const outcome = await run(family("anthropic", base, "an-answer"), { messages: [user("x")], responseSchema: { name: "facts", schema } });
    expect(calls(outcome.events)).toEqual([]);
    expect(outcome.text).toBe('{"a":"b"}');
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "stop" });
  });

  it("anthropic: arguments for a block that never started are malformed", async () => {
    const outcome = await run(family("anthropic", base, "an-stray"), { messages: [user("x")] });
    expect((outcome.error as UpstreamFailure).kind).toBe("malformed");
  });
});
