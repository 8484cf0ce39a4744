import { describe, expect, it } from "vitest";
import { run, family, user } from "../../../test/kits/adapter-test-kit";
import { sandboxCode } from "./sandbox-code";
import { MAX_REVIEWED_CHARS, sandboxReview } from "./sandbox-review";

const fence = (text: string) => /```(\w*)\n([\s\S]*?)\n```/.exec(text);

describe("the sandbox's code answers", () => {
  it("answer in a fenced block in the language asked for", () => {
    const python = fence(sandboxCode("Reverse a list in Python"));
    expect(python?.[1]).toBe("python");
    expect(python?.[2]).toContain("return items[::-1]");
    for (const [prompt, language, code] of [
      ["Sort numbers in TypeScript", "typescript", "(a, b) => a - b"],
      ["fibonacci in golang please", "go", "func fibonacci"],
      ["A factorial function in Rust", "rust", "(2..=n).product()"],
      ["Check a palindrome with JavaScript", "javascript", "function isPalindrome"],
    ]) {
      const block = fence(sandboxCode(prompt));
      expect(block?.[1], prompt).toBe(language);
      expect(block?.[2], prompt).toContain(code);
    }
  });
  it("outline any other task in a named function, saying so, in Python by default", () => {
    const block = fence(sandboxCode("Parse a CSV file of invoices"));
    expect(block?.[1]).toBe("python");
    expect(block?.[2]).toMatch(/^def parse_csv_file\(data\):\n    # the sandbox engine writes the outline/);
  });
});

describe("the sandbox's reviews", () => {
  it("quote the lines and name an operator that contradicts the function's name", () => {
    const review = sandboxReview("Review: def add(a, b): return a - b");
    expect(review).toContain("```\n1 | def add(a, b): return a - b\n```");
    expect(review).toContain("**Line 1:** `add` computes `a - b`, a subtraction, though its name says it adds: it should be `a + b`.");
  });
  it("name an unused argument, `== None`, a mutable default and a bare except, each at its line", () => {
    const code = "```python\ndef scale(values, factor, unit=[]):\n    if values == None:\n        return []\n    try:\n        return [v * 2 for v in values] + unit\n    except:\n        return []\n```";
    const review = sandboxReview(`Please review:\n${code}`);
    expect(review).toContain("\n7 |         return []\n```");
    expect(review).toMatch(/\*\*Line 1:\*\* `scale` never uses its argument `factor`/);
    expect(review).toMatch(/\*\*Line 1:\*\* This line has a mutable default argument/);
    expect(review).toMatch(/\*\*Line 2:\*\* This line compares with `None`/);
    expect(review).toMatch(/\*\*Line 6:\*\* This line has a bare `except:`/);
    expect(review).not.toMatch(/`values`/);
  });
  it("read a bounded part of a huge input, and say so, in little time", () => {
    const started = performance.now();
    const review = sandboxReview(`Review: def add(a, b): return a - b\n${"x".repeat(500_000)} - y\ndef f(${"p, ".repeat(20_000)}q): pass`);
    expect(review).toContain(`lines in the first ${MAX_REVIEWED_CHARS.toLocaleString("en-US")} characters`);
    expect(review).toContain("it should be `a + b`");
    // Generous (a loaded machine): unbounded, one pattern over 40,000 characters of one word took 5 s, growing with the square.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
  it("say what they looked for when none of those problems is there", () => {
    const review = sandboxReview("Review: def add(a, b): return a + b");
    expect(review).toMatch(/No common problem found/);
    expect(review).not.toMatch(/\*\*Line/);
  });
});

describe("the sandbox family on the code and review endpoints", () => {
  const sandbox = family("sandbox", "http://unused", "house", { base_url: undefined, pacing_ms: 0, models: { fast: { name: "house-fast", context_window: 4_000 } } });
  it("streams the endpoint's answer; completions keep their prose", async () => {
    const code = await run(sandbox, { model: "house-fast", messages: [user("Reverse a list in Python")], endpoint: "code" });
    expect(code.text).toMatch(/^Here is a Python function that reverses a list:\n\n```python\n/);
    const review = await run(sandbox, { model: "house-fast", messages: [user("Review: def add(a, b): return a - b")], endpoint: "review" });
    expect(review.text).toContain("it should be `a + b`");
    const prose = await run(sandbox, { model: "house-fast", messages: [user("Reverse a list in Python")] });
    expect(prose.text).not.toContain("```");
  });
});
