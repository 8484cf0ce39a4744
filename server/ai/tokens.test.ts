// Input token counts with an early stop: the same count as a full count under the limit, null
// past it (a prompt far over the limit is never tokenized to its end).
import { describe, expect, it } from "vitest";
import { countTokens as rawCount } from "gpt-tokenizer/encoding/o200k_base";
import { countMessageTokens, countMessageTokensWithin, countTokens, IMAGE_TOKENS, inputWithTools, MAX_CHARS_PER_TOKEN, pieces } from "./tokens";

const messages = (text: string) => [{ role: "system" as const, content: "Be brief." }, { role: "user" as const, content: text }];

describe("countMessageTokensWithin", () => {
  it("counts exactly what a full count counts, up to and at the limit", async () => {
    const input = messages("Explain B-trees in three sentences, with an example of a lookup.");
    const full = countMessageTokens(input);
    expect(await countMessageTokensWithin(input, 10_000)).toBe(full);
    expect(await countMessageTokensWithin(input, full)).toBe(full);
    expect(await countMessageTokensWithin(input, full - 1)).toBeNull();
  });

  it("counts images at their flat estimate and stops on them too", async () => {
    const input = [{ role: "user" as const, content: [{ type: "text" as const, text: "what is this" }, { type: "image" as const, url: "data:image/png;base64,AA" }] }];
    const full = countMessageTokens(input);
    expect(full).toBeGreaterThan(IMAGE_TOKENS);
    expect(await countMessageTokensWithin(input, full)).toBe(full);
    expect(await countMessageTokensWithin(input, IMAGE_TOKENS)).toBeNull();
  });

  it("answers null for a 1 MiB prompt against a 32k limit", async () => {
    expect(await countMessageTokensWithin(messages("lorem ipsum dolor sit amet ".repeat(40_000)), 32_000)).toBeNull();
  });
});

const letters = (n: number, seed = 7) => {
  let x = seed;
  let text = "";
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(97 + (x % 26));
  }
  return text;
};

describe("tokenizing in pieces", () => {
  it("cuts at most 256 characters, before white space, never inside a surrogate pair, losing nothing", () => {
    for (const text of ["word ".repeat(500), "a".repeat(10_000), "😀".repeat(3_000), `x${"😀".repeat(3_000)}`, letters(5_000)]) {
      const all = [...pieces(text)];
      expect(all.join("")).toBe(text);
      for (const piece of all) {
        expect(piece.length).toBeLessThanOrEqual(256);
        expect(piece).not.toMatch(/\p{Cs}/u);
      }
    }
    expect([...pieces("word ".repeat(100))].every((piece, i) => i === 0 || piece.startsWith(" "))).toBe(true);
  });

  it("counts ordinary text exactly as a whole count does, and a one-letter run within a few percent", () => {
    const prose = "Explain B-trees in three sentences, with an example of a lookup and of an insertion. ".repeat(200);
    expect(countTokens(prose)).toBe(rawCount(prose));
    const run = "a".repeat(20_000);
    expect(Math.abs(countTokens(run) - rawCount(run)) / rawCount(run)).toBeLessThan(0.05);
  });

  it("is linear on whitespace-free runs: 60,000 letters cost about 10 × 6,000 (measured, printed)", () => {
    const time = (text: string) => {
      const start = performance.now();
      countTokens(text);
      return performance.now() - start;
    };
    const small = letters(6_000, 3);
    const large = letters(60_000, 5);
    time(letters(1_000, 11));
    const ratio = time(large) / time(small);
    console.log(`60,000 vs 6,000 letters without white space: ${ratio.toFixed(1)}× the time (a whole-run count is about 100×)`);
    expect(ratio).toBeLessThan(40);
  });

  it("refuses text over MAX_CHARS_PER_TOKEN per allowed token without tokenizing it", async () => {
    const limit = 1_000;
    // Pieces of a random run would take far longer than this stays below; the answer is immediate.
    expect(await countMessageTokensWithin(messages(letters(MAX_CHARS_PER_TOKEN * limit + 1)), limit)).toBeNull();
  });

  it("lets other work run while it counts a 1 MiB input", async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    const counted = await countMessageTokensWithin(messages(letters(1024 * 1024 - 100)), 200_000);
    expect(counted).toBeNull();
    expect(ran).toBe(true);
  });
});

describe("tool calling as input", () => {
  const ask = [{ role: "user" as const, content: "What is the weather in Oslo?" }];
  const tools = [{ name: "get_weather", description: "The weather now in a city.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }];

  it("tool definitions and a response schema count as one more turn of their JSON", () => {
    expect(inputWithTools(ask)).toBe(ask);
    const withTools = inputWithTools(ask, tools);
    expect(countMessageTokens(withTools)).toBe(countMessageTokens(ask) + 4 + countTokens(JSON.stringify({ tools })));
    const schema = { name: "w", schema: { type: "object" } };
    expect(countMessageTokens(inputWithTools(ask, [], schema))).toBe(countMessageTokens(ask) + 4 + countTokens(JSON.stringify({ schema })));
  });

  it("the calls of an assistant turn count as their names and arguments; a tool result as its text", () => {
    const call = { id: "call_1", name: "get_weather", arguments: '{"city":"Oslo"}' };
    const turns = [...ask, { role: "assistant" as const, content: "", toolCalls: [call] }, { role: "tool" as const, content: "4 degrees", toolCallId: "call_1" }];
    expect(countMessageTokens(turns)).toBe(countMessageTokens(ask) + 4 + countTokens(`${call.name} ${call.arguments}`) + 4 + countTokens("4 degrees"));
  });
});
