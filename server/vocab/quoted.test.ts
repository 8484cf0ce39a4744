import { describe, expect, it } from "vitest";
import { quoted, QUOTED_CHARS } from "./quoted";

describe("quoted", () => {
  it("puts a value in double quotes, whatever it reads as", () => {
    expect(quoted("not a domain")).toBe('"not a domain"');
    expect(quoted("")).toBe('""');
    expect(quoted('say "hi" `now`\n')).toBe('"say \\"hi\\" `now`\\n"');
    expect(quoted(42)).toBe('"42"');
  });
  it("cuts a long value and says its length", () => {
    const long = "x".repeat(500);
    expect(quoted(long)).toBe(`"${"x".repeat(QUOTED_CHARS)}…" (500 characters)`);
    expect(quoted("é".repeat(QUOTED_CHARS))).toBe(`"${"é".repeat(QUOTED_CHARS)}"`);
  });
});
