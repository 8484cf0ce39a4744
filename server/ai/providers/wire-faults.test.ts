// Both HTTP adapters against the fake upstream: a normal stream, then every injected fault mapped
// to the failure kind the routing core expects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { eventually, family, MODEL, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure } from "./types";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const kindOf = (error: unknown) => (error instanceof UpstreamFailure ? error.kind : error);

describe.each(["openai", "anthropic"] as const)("%s adapter against the fake upstream", (adapter) => {
  const label = `fam-${adapter}`;
  const config = () => family(adapter, upstream.url, label);
  let n = 0;
  /** A prompt with a fresh tag, so each test reads its own requests. */
  const prompt = (directives = "") => {
    const tag = `${adapter}-${++n}`;
    return { tag, messages: [user(`Tell me about rivers. [[tag ${tag}]] ${directives}`)] };
  };

  it("streams the answer in order and reports usage", async () => {
    const { tag, messages } = prompt();
    const outcome = await run(config(), { messages });
    expect(outcome.error).toBeUndefined();
    const [seen] = upstream.requests(tag);
    expect(outcome.events[0]).toEqual({ type: "open" });
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "stop" });
    expect(outcome.events.filter((e) => e.type === "delta").length).toBeGreaterThanOrEqual(8);
    expect(outcome.text).toBe(seen.answer);
    expect(outcome.text).not.toContain(label);
    expect(outcome.text).not.toContain(MODEL);
    const usage = outcome.events.find((e) => e.type === "usage");
    expect(usage).toMatchObject({ type: "usage", outputTokens: expect.any(Number), inputTokens: expect.any(Number) });
    expect(usage && usage.type === "usage" && usage.inputTokens).toBeGreaterThan(5);
    expect(outcome.events.filter((e) => e.type === "usage")).toHaveLength(1);
  });

  it("ends without usage when the family reports none", async () => {
    const { messages } = prompt(`[[fault ${label} no_usage]]`);
    const outcome = await run(config(), { messages });
    expect(outcome.error).toBeUndefined();
    expect(outcome.events.some((e) => e.type === "usage")).toBe(false);
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "stop" });
  });

  it("maps 429 to rate_limited with Retry-After", async () => {
    const outcome = await run(config(), prompt(`[[fault ${label} status code=429 retry_after=7]]`));
    expect(kindOf(outcome.error)).toBe("rate_limited");
    expect((outcome.error as UpstreamFailure).retryAfterMs).toBe(7_000);
    expect(outcome.events).toEqual([]);
  });

  it.each([500, 503])("maps %i to server_error", async (code) => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} status code=${code}]]`))).error)).toBe("server_error");
  });

  it("maps 401 to rejected", async () => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} status code=401]]`))).error)).toBe("rejected");
  });

  it("applies a fault only to its family label, and times=K only to the first K requests", async () => {
    const other = await run(config(), prompt(`[[fault someone-else status code=500]]`));
    expect(other.error).toBeUndefined();
    const { tag, messages } = prompt(`[[fault ${label} status code=503 times=1]]`);
    expect(kindOf((await run(config(), { messages })).error)).toBe("server_error");
    expect((await run(config(), { messages })).error).toBeUndefined();
    expect(upstream.requests(tag).map((r) => r.faults)).toEqual([["status"], []]);
  });

  it("maps a reset socket and a refused connection to connection", async () => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} reset]]`))).error)).toBe("connection");
    const closed = await startFakeUpstream();
    await closed.close();
    const refused = await run(family(adapter, closed.url, label), prompt());
    expect(kindOf(refused.error)).toBe("connection");
  });

  it("maps a stream cut without its terminator to truncated, after the deltas sent", async () => {
    const outcome = await run(config(), prompt(`[[fault ${label} cut_after n=3]]`));
    expect(kindOf(outcome.error)).toBe("truncated");
    expect(outcome.events.filter((e) => e.type === "delta")).toHaveLength(3);
  });

  it("ends the attempt at the first unparsable chunk (malformed), after the good deltas before it", async () => {
    const extra = await run(config(), prompt(`[[fault ${label} malformed_at n=3]]`));
    expect(kindOf(extra.error)).toBe("malformed");
    expect(extra.events.filter((e) => e.type === "delta")).toHaveLength(2);
    // A chunk that arrives broken carries a piece of the answer: skipping it would leave a gap.
    const { tag, messages } = prompt(`[[fault ${label} corrupt_at n=4]]`);
    const corrupt = await run(config(), { messages });
    expect(kindOf(corrupt.error)).toBe("malformed");
    expect(corrupt.events.filter((e) => e.type === "delta")).toHaveLength(3);
    expect(upstream.requests(tag)[0].answer.startsWith(corrupt.text)).toBe(true);
  });

  it("maps a connection that dies mid-answer to connection, after the deltas sent", async () => {
    const outcome = await run(config(), prompt(`[[fault ${label} reset_after n=3]]`));
    expect(kindOf(outcome.error)).toBe("connection");
    expect(outcome.events.filter((e) => e.type === "delta")).toHaveLength(3);
  });

  it("reports finish length when the family stops at max_tokens, stop otherwise", async () => {
    const { tag, messages } = prompt("[[words 60]]");
    const cut = await run(config(), { messages, maxOutputTokens: 20 });
    expect(cut.error).toBeUndefined();
    expect(cut.events.at(-1)).toEqual({ type: "end", finish: "length" });
    const [seen] = upstream.requests(tag);
    expect(seen.answer.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeLessThan(seen.answer.length);
    const whole = await run(config(), { messages: prompt("[[words 5]]").messages, maxOutputTokens: 20 });
    expect(whole.events.at(-1)).toEqual({ type: "end", finish: "stop" });
  });

  it("maps the family's context-length error to context_length", async () => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} context_length]]`))).error)).toBe("context_length");
  });

  it("maps a content refusal to content_policy", async () => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} content_policy]]`))).error)).toBe("content_policy");
    const late = await run(config(), prompt(`[[fault ${label} content_policy n=2]]`));
    expect(kindOf(late.error)).toBe("content_policy");
    expect(late.events.filter((e) => e.type === "delta")).toHaveLength(2);
  });

  it("maps an in-stream server error to server_error", async () => {
    expect(kindOf((await run(config(), prompt(`[[fault ${label} stream_error n=2]]`))).error)).toBe("server_error");
  });

  it("reports a refused prefill only in prefill mode; instruction mode is served", async () => {
    const { tag, messages } = prompt(`[[fault ${label} no_prefill]]`);
    const first = await run(config(), { messages });
    const begun = first.text.split(" ").slice(0, 3).join(" ") + " ";
    const prefill = await run(config(), { messages, continuation: { text: begun, mode: "prefill" } });
    expect(kindOf(prefill.error)).toBe("prefill_refused");
    const instruction = await run(config(), { messages, continuation: { text: begun, mode: "instruction" } });
    expect(instruction.error).toBeUndefined();
    expect(begun + instruction.text).toBe(first.text);
    const seen = upstream.requests(tag);
    expect(seen.map((r) => r.prefill)).toEqual([false, true, false]);
    expect(JSON.stringify(seen[2].messages.at(-1))).toContain(begun.trim());
  });

  it("continues an answer after a prefill", async () => {
    const { messages } = prompt();
    const whole = await run(config(), { messages });
    const begun = whole.text.split(" ").slice(0, 4).join(" ") + " ";
    const rest = await run(config(), { messages, continuation: { text: begun, mode: "prefill" } });
    expect(rest.error).toBeUndefined();
    expect(begun + rest.text).toBe(whole.text);
  });

  it("stops promptly on abort mid-stream, and the upstream sees the connection close", async () => {
    const { tag, messages } = prompt(`[[fault ${label} slow ms=200]]`);
    const started = Date.now();
    const outcome = await run(config(), { messages, abortAfterDeltas: 1 });
    expect(outcome.events.filter((e) => e.type === "delta")).toHaveLength(1);
    expect((outcome.error as Error | undefined)?.name ?? "returned").toMatch(/AbortError|returned/);
    expect(outcome.error).not.toBeInstanceOf(UpstreamFailure);
    expect(Date.now() - started).toBeLessThan(600);
    expect(await eventually(() => upstream.requests(tag)[0]?.closed_early)).toBe(true);
  });

  it.each([
    ["hang", false, 0],
    ["silent", true, 0],
    ["stall_after n=2", true, 2],
  ])("%s: yields open=%s and %i deltas, then ends on abort", async (fault, opened, deltas) => {
    const { tag, messages } = prompt(`[[fault ${label} ${fault}]]`);
    const outcome = await run(config(), { messages, abortAfterMs: 300 });
    expect(outcome.events.some((e) => e.type === "open")).toBe(opened);
    expect(outcome.events.filter((e) => e.type === "delta")).toHaveLength(deltas);
    expect(outcome.error).not.toBeInstanceOf(UpstreamFailure);
    expect(outcome.ms).toBeLessThan(1_000);
    expect(await eventually(() => upstream.requests(tag)[0]?.closed_early)).toBe(true);
  });
});
