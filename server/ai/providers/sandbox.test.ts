import { describe, expect, it } from "vitest";
import { countTokens } from "../tokens";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { UpstreamFailure } from "./types";

const sandbox = (pacing_ms = 0) =>
  family("sandbox", "http://unused", "house", { base_url: undefined, pacing_ms, models: { fast: { name: "house-fast", context_window: 2_000 } } });
const ask = (text: string) => ({ model: "house-fast", messages: [user(text)] });

describe("sandbox family", () => {
  it("answers the same messages and model with the same text, and other messages differently", async () => {
    const a = await run(sandbox(), ask("How should I structure database migrations?"));
    const b = await run(sandbox(), ask("How should I structure database migrations?"));
    const c = await run(sandbox(), ask("Explain event sourcing for an accounting ledger."));
    expect(a.error).toBeUndefined();
    expect(a.text).toBe(b.text);
    expect(c.text).not.toBe(a.text);
    expect(a.events.map((e) => e.type)).toEqual(["open", ...a.events.slice(1, -2).map(() => "delta"), "usage", "end"]);
  });

  it("writes a few plausible sentences drawn from the prompt, naming no vendor, family or model", async () => {
    const outcome = await run(sandbox(), ask("Compare database migrations with OpenAI house-fast models and Claude."));
    const tokens = countTokens(outcome.text);
    expect(tokens).toBeGreaterThanOrEqual(50);
    expect(tokens).toBeLessThanOrEqual(170);
    expect(outcome.text).toMatch(/^[A-Z].*\.$/s);
    expect(outcome.text.toLowerCase()).toMatch(/database|migrations|compare|models/);
    expect(outcome.text).not.toMatch(/openai|claude|house|fast\b/i);
  });

  it("streams chunks of one to four words and reports usage with the shared token counter", async () => {
    const outcome = await run(sandbox(), ask("Write about caching strategies."));
    for (const e of outcome.events) if (e.type === "delta") expect(e.text.trim().split(/\s+/).length).toBeLessThanOrEqual(4);
    expect(outcome.events.find((e) => e.type === "usage")).toMatchObject({ outputTokens: countTokens(outcome.text), inputTokens: expect.any(Number) });
  });

  it("stops at maxOutputTokens, and says so", async () => {
    const outcome = await run(sandbox(), { ...ask("Write about caching strategies."), maxOutputTokens: 10 });
    expect(countTokens(outcome.text)).toBeLessThanOrEqual(10);
    expect(countTokens(outcome.text)).toBeGreaterThanOrEqual(8);
    expect(outcome.events.at(-1)).toEqual({ type: "end", finish: "length" });
    const whole = await run(sandbox(), ask("Write about caching strategies."));
    expect(whole.events.at(-1)).toEqual({ type: "end", finish: "stop" });
    expect(outcome.events.find((e) => e.type === "usage")).toMatchObject({ outputTokens: countTokens(outcome.text) });
  });

  it("continues its own answer exactly after the prefix, in either mode", async () => {
    const whole = (await run(sandbox(), ask("Describe a good code review."))).text;
    const begun = whole.slice(0, 37);
    for (const mode of ["prefill", "instruction"] as const) {
      const rest = await run(sandbox(), { ...ask("Describe a good code review."), continuation: { text: begun, mode } });
      expect(begun + rest.text).toBe(whole);
    }
    const foreign = await run(sandbox(), { ...ask("Describe a good code review."), continuation: { text: "Reviews work best when", mode: "prefill" } });
    expect(foreign.text).toMatch(/^ \S/);
    expect(countTokens(foreign.text)).toBeGreaterThan(10);
  });

  it("paces chunks by pacing_ms", async () => {
    const outcome = await run(sandbox(25), { ...ask("Write about caching strategies."), maxOutputTokens: 30 });
    const chunks = outcome.events.filter((e) => e.type === "delta").length;
    expect(chunks).toBeGreaterThan(3);
    expect(outcome.ms).toBeGreaterThanOrEqual(chunks * 25 * 0.9);
  });

  it("stops promptly on abort", async () => {
    const outcome = await run(sandbox(300), { ...ask("Write about caching strategies."), abortAfterMs: 400 });
    expect(outcome.events.filter((e) => e.type === "delta")).toHaveLength(1);
    expect((outcome.error as Error).name).toBe("AbortError");
    expect(outcome.ms).toBeLessThan(500);
  });

  it("refuses input over the model's context window", async () => {
    const outcome = await run(sandbox(), ask("word ".repeat(3_000)));
    expect((outcome.error as UpstreamFailure).kind).toBe("context_length");
  });
});
