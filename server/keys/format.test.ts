import { describe, expect, it } from "vitest";
import { generateKey, hashesEqual, hashKey, parseKey } from "./format";

describe("API key format", () => {
  it("generates keys that parse, with prefix and last4", () => {
    const key = generateKey();
    expect(key).toMatch(/^swk_[0-9A-Za-z]{38}$/);
    expect(parseKey(key)).toEqual({ prefix: key.slice(4, 12), last4: key.slice(-4) });
  });

  it("never generates the same key twice in 1000 draws", () => {
    expect(new Set(Array.from({ length: 1000 }, generateKey)).size).toBe(1000);
  });

  it("refuses a key whose checksum does not match (one character changed)", () => {
    const key = generateKey();
    const i = 10;
    const swapped = key[i] === "a" ? "b" : "a";
    expect(parseKey(key.slice(0, i) + swapped + key.slice(i + 1))).toBeNull();
  });

  it("refuses wrong shapes", () => {
    for (const bad of ["", "swk_", "sk_" + "a".repeat(38), "swk_" + "a".repeat(37), "swk_" + "!".repeat(38), "x".repeat(42)]) {
      expect(parseKey(bad)).toBeNull();
    }
  });

  it("hashes with the secret and compares in constant time", () => {
    const key = generateKey();
    const a = hashKey(key, "secret-one-secret-one-secret-one!");
    expect(hashesEqual(a, hashKey(key, "secret-one-secret-one-secret-one!"))).toBe(true);
    expect(hashesEqual(a, hashKey(key, "secret-two-secret-two-secret-two!"))).toBe(false);
    expect(a).not.toContain(key.slice(4));
  });
});
