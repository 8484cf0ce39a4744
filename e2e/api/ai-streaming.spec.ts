// Streaming generations (SSE) against the fake vendors: deltas then exactly one terminal event;
// an answer cut off mid-stream (stall past the idle gap, or a cut without terminator) continues on
// the next family from the text already streamed, so the client's text is the uninterrupted
// answer; keep-alive comments while the upstream is slow. (Disconnects: ai-metering.spec.ts.)
import { expect, test } from "@playwright/test";
import {
  aiKey, deltaText, expectChargeInLedger, expectOneTerminal, expectUsageOf, familiesOf, generateStream, prompt, whenTried,
} from "../fixtures/ai";

let key: string;
test.beforeEach(async () => {
  key = await aiKey();
});

const lastMessage = (request: { messages: unknown[] }) => request.messages.at(-1) as { role: string; content: unknown };
const textOf = (content: unknown) =>
  typeof content === "string" ? content : (content as { type: string; text?: string }[]).map((p) => p.text ?? "").join("\n");

test("a plain stream: 200 text/event-stream, deltas, exactly one done with id, usage and routing", async () => {
  const since = Date.now();
  const { result: res, requests } = await whenTried("plain", ["vendorx"], (tag) => generateStream(key, { prompt: prompt(tag), metadata: { run: "plain" } }));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  expect(res.headers.get("cache-control")).toBe("no-cache");
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  const done = expectOneTerminal(res.events, "done");
  expect(res.events.filter((e) => e.event === "delta").length).toBeGreaterThan(1);
  expect(deltaText(res.events)).toBe(requests[0].answer);
  expect(done.json).toMatchObject({ product: "scholar", metadata: { run: "plain" } });
  expect(done.json.id).toMatch(/^gen_/);
  await expectUsageOf(done.json.usage, "scholar", deltaText(res.events));
  await expectChargeInLedger(done.json.usage.credits, since);
});

for (const [label, fault] of [
  ["a stall past the idle gap", "stall_after n=5"],
  ["a cut without terminator", "cut_after n=5"],
]) {
  test(`${label}: the next family continues by prefill from the text already streamed`, async () => {
    const since = Date.now();
    const { result: res, requests } = await whenTried("continue", ["vendorx", "vendory"], (tag) =>
      generateStream(key, { prompt: prompt(tag, "words 20", `fault vendorx ${fault}`) }),
    );
    expect(res.status).toBe(200);
    expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
    const [first, second] = requests;
    // The client got vendorx's deltas first, then the rest; the whole reads as one answer.
    const text = deltaText(res.events);
    expect(first.sent.length).toBeGreaterThan(0);
    expect(text.startsWith(first.sent)).toBe(true);
    expect(text).toBe(first.answer);
    // vendory (Anthropic protocol) was asked to continue with an assistant prefill of that text.
    expect(second.prefill).toBe(true);
    expect(textOf(lastMessage(second).content)).toBe(first.sent.trimEnd());
    expect(second.completed).toBe(true);
    const done = expectOneTerminal(res.events, "done");
    expect(done.json.routing).toMatchObject({ escalated: true });
    await expectUsageOf(done.json.usage, "scholar", text);
    await expectChargeInLedger(done.json.usage.credits, since);
  });
}

test("a cut on an OpenAI-protocol family continued by another: the prefill carries the streamed text exactly", async () => {
  // vision: vendory/standard → vendorz/strong (OpenAI protocol).
  const { result: res, requests } = await whenTried("continue-z", ["vendory", "vendorz"], (tag) =>
    generateStream(key, { product: "vision", prompt: prompt(tag, "words 20", "fault vendory cut_after n=7") }),
  );
  expect(familiesOf(requests)).toEqual(["vendory", "vendorz"]);
  const [first, second] = requests;
  expect(second.prefill).toBe(true);
  expect(lastMessage(second)).toEqual({ role: "assistant", content: first.sent });
  expect(deltaText(res.events)).toBe(first.answer);
  expectOneTerminal(res.events, "done");
});

test("a family that refuses an assistant prefill gets the continuation by instruction", async () => {
  const { result: res, requests } = await whenTried("no-prefill", ["vendorx", "vendory"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 20", "fault vendorx stall_after n=4", "fault vendory no_prefill") }),
  );
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory", "vendory"]);
  const [first, refused, instructed] = requests;
  expect(refused).toMatchObject({ prefill: true, faults: ["no_prefill"] });
  expect(instructed.prefill).toBe(false);
  const last = lastMessage(instructed);
  expect(last.role).toBe("user");
  expect(textOf(last.content)).toContain(first.sent.trimEnd());
  expect(deltaText(res.events)).toBe(first.answer);
  expectOneTerminal(res.events, "done");
});

test("many malformed chunks mid-stream: fail over and continue; the garbage never reaches the client", async () => {
  const { result: res, requests } = await whenTried("garbage-mid", ["vendorx", "vendory"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 16", "fault vendorx malformed_at n=4 count=6") }),
  );
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  expect(res.raw).not.toContain("unfinished");
  expect(deltaText(res.events)).toBe(requests[0].answer);
  expectOneTerminal(res.events, "done");
});

test("every family cuts its answer: one error event, never the partial answer passed off as done", async () => {
  const { result: res, requests } = await whenTried("all-cut", ["vendorx", "vendory", "vendorz"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 30", "fault * cut_after n=3") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory", "vendorz"]);
  // Deltas were sent (9 words of 30), then the stream ends in an error, not a done.
  expect(deltaText(res.events).length).toBeGreaterThan(0);
  expect(deltaText(res.events)).not.toBe(requests[0].answer);
  const error = expectOneTerminal(res.events, "error");
  expect(error.json.error).toMatchObject({ code: "upstream_unavailable" });
  expect(error.json.error.request_id).toBe(res.headers.get("x-request-id"));
});

test("content refused mid-request while streaming: 200 headers, then one error event forbidden", async () => {
  const { result: res, requests } = await whenTried("policy-stream", ["vendorx"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "fault vendorx content_policy") }),
  );
  expect(res.status).toBe(200);
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  const error = expectOneTerminal(res.events, "error");
  expect(error.json.error).toMatchObject({ code: "forbidden" });
  expect(error.data).not.toMatch(/safety system/i);
});

test("keep-alive comments go out while the upstream is slow to give its first token", async () => {
  // One-word answer, first (and only) chunk after 1.3 s: past KEEPALIVE_MS (1 s), within the 1.5 s
  // first-token timeout, so the same family answers.
  const { result: res, requests } = await whenTried("ka-first", ["vendorx"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 1", "fault vendorx slow ms=1300") }),
  );
  expect(familiesOf(requests)).toEqual(["vendorx"]);
  expect(res.comments).toBeGreaterThanOrEqual(1);
  const keepAlive = res.raw.indexOf(": keep-alive\n\n");
  expect(keepAlive).toBeGreaterThanOrEqual(0);
  expect(keepAlive).toBeLessThan(res.raw.indexOf("event: delta"));
  expect(deltaText(res.events)).toBe(requests[0].answer);
  expectOneTerminal(res.events, "done");
});

test("keep-alive comments go out mid-stream while the continuing family is slow", async () => {
  // vendorx streams 2 of 3 words and stalls; vendory continues after 1.3 s of silence.
  const { result: res, requests } = await whenTried("ka-mid", ["vendorx", "vendory"], (tag) =>
    generateStream(key, { prompt: prompt(tag, "words 3", "fault vendorx stall_after n=2", "fault vendory slow ms=1300") }),
  );
  expect(familiesOf(requests)).toEqual(["vendorx", "vendory"]);
  const firstDelta = res.raw.indexOf("event: delta");
  const keepAlive = res.raw.indexOf(": keep-alive\n\n", firstDelta);
  expect(firstDelta).toBeGreaterThanOrEqual(0);
  expect(keepAlive).toBeGreaterThan(firstDelta);
  expect(keepAlive).toBeLessThan(res.raw.indexOf("event: done"));
  expect(deltaText(res.events)).toBe(requests[0].answer);
  expectOneTerminal(res.events, "done");
});

test("refusals before the stream starts are ordinary JSON errors with their status", async () => {
  const res = await generateStream(key, { product: "nope", prompt: "hi" });
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(res.body.error.code).toBe("unknown_product");
});
