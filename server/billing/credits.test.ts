import { describe, expect, it } from "vitest";
import { creditsFor, toCredits, toMicro } from "./credits";

const scholar = { inputPerMillion: 1_200_000n, outputPerMillion: 4_800_000n }; // 1.2 and 4.8 credits per million

describe("creditsFor", () => {
  it("matches the contract's example: 12 in, 30 out on scholar = 0.000159", () => {
    expect(toCredits(creditsFor(12, 30, scholar, 0))).toBe(0.000159);
  });

  it("is zero for zero tokens", () => {
    expect(creditsFor(0, 0, scholar, 0)).toBe(0n);
    expect(creditsFor(0, 0, scholar, 0.2)).toBe(0n);
  });

  it("rounds up to the micro-credit, never down", () => {
    // 1 input token at 1.2 credits/M = 1.2 µcr -> 2 µcr
    expect(creditsFor(1, 0, scholar, 0)).toBe(2n);
    // exactly representable: 5 tokens = 6 µcr, no rounding
    expect(creditsFor(5, 0, scholar, 0)).toBe(6n);
    // 1 token with 10 % off = 1.08 µcr -> 2 µcr
    expect(creditsFor(1, 0, scholar, 0.1)).toBe(2n);
  });

  it("applies tier discounts exactly", () => {
    const million = creditsFor(1_000_000, 1_000_000, scholar, 0); // 6 credits
    expect(million).toBe(6_000_000n);
    expect(creditsFor(1_000_000, 1_000_000, scholar, 0.1)).toBe(5_400_000n);
    expect(creditsFor(1_000_000, 1_000_000, scholar, 0.2)).toBe(4_800_000n);
  });

  it("stays exact for very large counts (no float drift)", () => {
    expect(creditsFor(3_000_000_000, 0, { inputPerMillion: 1n, outputPerMillion: 0n }, 0)).toBe(3000n);
    expect(creditsFor(999_999_999, 0, { inputPerMillion: 1n, outputPerMillion: 0n }, 0)).toBe(1000n);
  });

  it("refuses nonsense", () => {
    expect(() => creditsFor(-1, 0, scholar, 0)).toThrow(RangeError);
    expect(() => creditsFor(1.5, 0, scholar, 0)).toThrow(RangeError);
    expect(() => creditsFor(1, 0, scholar, 1)).toThrow(RangeError);
  });

  it("converts credits and micro-credits both ways", () => {
    expect(toMicro(0.000159)).toBe(159n);
    expect(toMicro(100)).toBe(100_000_000n);
    expect(toCredits(1_500_000n)).toBe(1.5);
  });
});

describe("cached input", () => {
  const rates = { inputPerMillion: 1_000_000n, outputPerMillion: 4_000_000n, cachedInputPerMillion: 100_000n };
  it("is charged at the cached rate, the rest of the input at the input rate", () => {
    // 1,000,000 input of which 900,000 cached: 100,000 × 1 + 900,000 × 0.1 = 190,000 µcr × 1e6 / 1e6.
    expect(creditsFor(1_000_000, 0, rates, 0, 900_000)).toBe(190_000n);
    expect(creditsFor(1_000_000, 0, rates, 0)).toBe(1_000_000n);
    expect(creditsFor(1_000_000, 0, { inputPerMillion: 1_000_000n, outputPerMillion: 0n }, 0, 900_000)).toBe(1_000_000n);
  });
});
