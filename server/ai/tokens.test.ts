// Input token counts with an early stop: the same count as a full count under the limit, null
// past it (a prompt far over the limit is never tokenized to its end).
import { describe, expect, it } from "vitest";
import { countMessageTokens, countMessageTokensWithin, IMAGE_TOKENS } from "./tokens";

const messages = (text: string) => [{ role: "system" as const, content: "Be brief." }, { role: "user" as const, content: text }];

describe("countMessageTokensWithin", () => {
  it("counts exactly what a full count counts, up to and at the limit", () => {
    const input = messages("Explain B-trees in three sentences, with an example of a lookup.");
    const full = countMessageTokens(input);
    expect(countMessageTokensWithin(input, 10_000)).toBe(full);
    expect(countMessageTokensWithin(input, full)).toBe(full);
    expect(countMessageTokensWithin(input, full - 1)).toBeNull();
  });

  it("counts images at their flat estimate and stops on them too", () => {
    const input = [{ role: "user" as const, content: [{ type: "text" as const, text: "what is this" }, { type: "image" as const, url: "data:image/png;base64,AA" }] }];
    const full = countMessageTokens(input);
    expect(full).toBeGreaterThan(IMAGE_TOKENS);
    expect(countMessageTokensWithin(input, full)).toBe(full);
    expect(countMessageTokensWithin(input, IMAGE_TOKENS)).toBeNull();
  });

  it("answers null for a 1 MiB prompt against a 32k limit", () => {
    expect(countMessageTokensWithin(messages("lorem ipsum dolor sit amet ".repeat(40_000)), 32_000)).toBeNull();
  });
});
