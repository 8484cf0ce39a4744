// Issue 38, row 2: the sandbox engine never builds more than max_output_tokens × 16 characters,
// whatever a schema or a prompt asks. Each input below held the event loop for seconds to minutes
// before; these tests bound time with the test's own timeout (the one place a test may: a
// denial-of-service test, and 5 s is far above a bounded answer on a loaded machine and far below
// what the unbounded work took).
import { describe, expect, it } from "vitest";
import { family, run, user } from "../../../test/kits/adapter-test-kit";
import { countTokens } from "../tokens";
import { capTokens } from "./sandbox";
import { sandboxAnswer } from "./sandbox-text";

const sandbox = family("sandbox", "http://unused", "house", { base_url: undefined, pacing_ms: 0, models: { fast: { name: "house-fast", context_window: 2_000_000 } } });
const schemaAnswer = (schema: Record<string, unknown>, maxOutputTokens = 16) =>
  run(sandbox, { model: "house-fast", messages: [user("hi")], maxOutputTokens, responseSchema: { name: "x", schema } });

describe("the sandbox's bounds", { timeout: 5_000 }, () => {
  it.each([
    ["a minLength of 100,000", { type: "object", properties: { a: { type: "string", minLength: 100_000 } }, required: ["a"] }],
    ["a minItems of 10,000,000", { type: "object", properties: { a: { type: "array", minItems: 10_000_000, items: { type: "string" } } }, required: ["a"] }],
    ["ten required references to the root", { type: "object", properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, { $ref: "#" }])), required: Array.from({ length: 10 }, (_, i) => `p${i}`) }],
  ])("an answer to a schema with %s is at most max_output_tokens × 16 characters", async (_, schema) => {
    const outcome = await schemaAnswer(schema);
    expect(outcome.text.length).toBeLessThanOrEqual(16 * 16);
    expect(countTokens(outcome.text)).toBeLessThanOrEqual(16);
  });

  it("cuts one long run to its tokens in bounded pieces", () => {
    const capped = capTokens("a".repeat(200_000), 16);
    expect(countTokens(capped)).toBe(16);
    expect(capped).toBe("a".repeat(capped.length));
  });

  it("takes no topic word longer than 40 characters from a prompt", () => {
    const answer = sandboxAnswer([user(`Explain ${"a".repeat(120_000)} and caching`)], "house-fast", []);
    expect(answer.length).toBeLessThan(2_000);
    expect(answer).not.toMatch(/a{41}/);
  });
});
