// A circuit breaker per model family: after `failures` failures in a row it opens for `cooldown`
// seconds (requests skip the family), then lets one probe through; a success closes it. In memory
// per process by default; in Redis when REDIS_URL is set, so every replica shares one state (and
// in this process's memory again while Redis is unreachable).
// Limits come with each call: a family may set its own in the families file.
import "server-only";
import type { Redis } from "ioredis";
import { env } from "../../env";
import { redis, sharedWhileReachable } from "../../redis";

export type Limits = { failures: number; cooldownMs: number };

export type Breaker = {
  /** May this family be tried now? (Open: no. Cooling over: one probe at a time.) */
  allow(family: string, limits: Limits): Promise<boolean>;
  success(family: string): Promise<void>;
  failure(family: string, limits: Limits): Promise<void>;
};

export function memoryBreaker(now = () => Date.now()): Breaker {
  const state = new Map<string, { fails: number; openUntil: number; probeUntil: number }>();
  const of = (family: string) => {
    let s = state.get(family);
    if (!s) state.set(family, (s = { fails: 0, openUntil: 0, probeUntil: 0 }));
    return s;
  };
  return {
    async allow(family, { failures, cooldownMs }) {
      const s = of(family);
      if (s.fails < failures) return true;
      if (now() < s.openUntil || now() < s.probeUntil) return false;
      s.probeUntil = now() + cooldownMs; // this caller is the probe
      return true;
    },
    async success(family) {
      state.delete(family);
    },
    async failure(family, { failures, cooldownMs }) {
      const s = of(family);
      s.fails++;
      if (s.fails >= failures) s.openUntil = now() + cooldownMs;
    },
  };
}

/**
 * The shared state lives in Redis. A healthy family (no failure counted) is the common case: this
 * process remembers for HEALTHY_MEMORY_MS that it saw it so, and then neither reads nor resets the
 * state on every call; a failure seen here forgets that at once, one seen elsewhere is seen here
 * within HEALTHY_MEMORY_MS.
 */
export function redisBreaker(client: Redis, now = () => Date.now()): Breaker {
  const key = (family: string, part: string) => `cb:${family}:${part}`;
  const healthyUntil = new Map<string, number>();
  return {
    async allow(family, { failures, cooldownMs }) {
      if ((healthyUntil.get(family) ?? 0) > now()) return true;
      const [fails, open] = await client.mget(key(family, "fails"), key(family, "open"));
      if (fails === null) healthyUntil.set(family, now() + HEALTHY_MEMORY_MS);
      if (Number(fails ?? 0) < failures) return true;
      if (open) return false;
      // Cooling is over: the one replica that sets the probe marker tries the family.
      return (await client.set(key(family, "probe"), "1", "PX", cooldownMs, "NX")) === "OK";
    },
    async success(family) {
      if ((healthyUntil.get(family) ?? 0) > now()) return; // nothing counted to reset
      await client.del(key(family, "fails"), key(family, "open"), key(family, "probe"));
    },
    async failure(family, { failures, cooldownMs }) {
      healthyUntil.delete(family);
      const fails = await client.incr(key(family, "fails"));
      await client.pexpire(key(family, "fails"), cooldownMs * 10);
      if (fails >= failures) await client.set(key(family, "open"), "1", "PX", cooldownMs);
    },
  };
}

const HEALTHY_MEMORY_MS = 250;

/**
 * The shared state while Redis answers, this process's own while it does not (a command that
 * fails, or a client not connected, goes to the local breaker at once): a Redis outage never
 * fails a request, and a family's failures still open its circuit here.
 */
export function fallbackBreaker(client: Redis, local = memoryBreaker()): Breaker {
  const either = sharedWhileReachable(client, redisBreaker(client), local);
  return {
    allow: (family, limits) => either((b) => b.allow(family, limits)),
    success: (family) => either((b) => b.success(family)),
    failure: (family, limits) => either((b) => b.failure(family, limits)),
  };
}

const holder = globalThis as unknown as { switchyardBreaker?: Breaker };

export function breaker(): Breaker {
  const client = redis();
  holder.switchyardBreaker ??= client ? fallbackBreaker(client) : memoryBreaker();
  return holder.switchyardBreaker;
}

/** A family's own limits from the families file, else BREAKER_FAILURES and BREAKER_COOLDOWN_SECONDS. */
export function limitsOf(family: { breaker?: { failures: number; cooldown_seconds: number } }): Limits {
  return {
    failures: family.breaker?.failures ?? env.BREAKER_FAILURES,
    cooldownMs: (family.breaker?.cooldown_seconds ?? env.BREAKER_COOLDOWN_SECONDS) * 1000,
  };
}
