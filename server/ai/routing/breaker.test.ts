// The circuit breaker on both back ends: it opens after `failures` failures in a row, lets one
// probe through after the cooldown, and closes on a success. The Redis one keeps the healthy case
// off the network but still sees a failure at once (here) or within its memory (elsewhere).
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { openRedis } from "../../redis";
import { fallbackBreaker, memoryBreaker, redisBreaker, type Breaker } from "./breaker";

const limits = { failures: 2, cooldownMs: 1000 };

function behaves(make: (now: () => number) => Breaker) {
  it("opens after failures in a row, probes once after the cooldown, closes on success", async () => {
    let clock = 1_000_000;
    const breaker = make(() => clock);
    const family = `f-${randomUUID()}`;
    expect(await breaker.allow(family, limits)).toBe(true);
    await breaker.failure(family, limits);
    expect(await breaker.allow(family, limits)).toBe(true);
    await breaker.failure(family, limits);
    expect(await breaker.allow(family, limits)).toBe(false);
    clock += 2000;
    // Redis expires its own keys on real time: wait the cooldown out for real too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await breaker.allow(family, limits)).toBe(true); // the probe
    expect(await breaker.allow(family, limits)).toBe(false); // only one
    await breaker.success(family);
    expect(await breaker.allow(family, limits)).toBe(true);
  });
}

describe("memory breaker", () => behaves((now) => memoryBreaker(now)));

const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)("redis breaker", () => {
  const client = redisUrl ? new Redis(redisUrl) : null;
  afterAll(() => client?.disconnect());
  behaves(() => redisBreaker(client!));

  it("a failure counted by another replica reaches this one once its healthy memory runs out", async () => {
    let clock = 1_000_000;
    const here = redisBreaker(client!, () => clock);
    const there = redisBreaker(client!, () => clock);
    const family = `f-${randomUUID()}`;
    expect(await here.allow(family, limits)).toBe(true); // remembered healthy
    await there.failure(family, limits);
    await there.failure(family, limits);
    expect(await here.allow(family, limits)).toBe(true); // still within its memory
    clock += 1000;
    expect(await here.allow(family, limits)).toBe(false); // open, seen from Redis
  });
});

describe("breaker with Redis unreachable", () => {
  // Nothing listens on port 1: every command fails at once; the breaker keeps its state locally.
  const client = openRedis("redis://127.0.0.1:1/0", 200);
  afterAll(() => client.disconnect());
  behaves((now) => fallbackBreaker(client, memoryBreaker(now)));
});
