import { describe, expect, it } from "vitest";
import { newId, pooledRandom } from "./ids";

describe("newId", () => {
  it("is the prefix and a lower-case ULID, unique and in creation order past several refills of the random pool", () => {
    const ids = Array.from({ length: 5_000 }, () => newId("gen")); // 16 random bytes each: ~20 pool refills
    for (const id of ids) expect(id).toMatch(/^gen_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("draws its random characters evenly from the system's random source", () => {
    const buckets = new Array<number>(32).fill(0);
    const draws = 64_000; // 16 refills of the pool
    for (let i = 0; i < draws; i++) {
      const value = pooledRandom();
      expect(value >= 0 && value < 1 && Number.isInteger(value * 256)).toBe(true);
      buckets[Math.floor(value * 32)]++;
    }
    for (const count of buckets) expect(Math.abs(count - draws / 32)).toBeLessThan(draws / 32 / 5);
  });
});
