// The Redis client shared by every part that keeps state across replicas (rate-limit buckets,
// circuit breakers): opened on first use when REDIS_URL is set, once per process.
//
// Redis is an accelerator, not a single point of failure: a command fails fast (no offline
// queue once connected, REDIS_COMMAND_TIMEOUT_MS, one retry) and every caller falls back to this process's own
// state meanwhile. The client keeps reconnecting; one warning is logged per outage, one line
// when Redis is back.
import "server-only";
import { Redis } from "ioredis";
import { env } from "./env";
import { log } from "./log";

const holder = globalThis as unknown as { switchyardRedis?: Redis };

export function redis(): Redis | undefined {
  if (!env.REDIS_URL) return undefined;
  holder.switchyardRedis ??= openRedis(env.REDIS_URL);
  return holder.switchyardRedis;
}

export function openRedis(url: string, commandTimeout = env.REDIS_COMMAND_TIMEOUT_MS): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    // Until the first connection, commands wait for it (at most the command timeout): a process
    // that just started uses the shared state from its first request. After that, nothing queues.
    enableOfflineQueue: true,
    commandTimeout,
    connectTimeout: Math.max(1000, commandTimeout * 2),
    // Commands issued in the same turn of the event loop (the buckets of one request, and those of
    // every request arriving together) go to Redis as one write: one round trip, not one each.
    enableAutoPipelining: true,
    // Reconnect quickly at first, then every 2 s at most, for ever.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  let down = false;
  const lost = (err?: Error) => {
    client.options.enableOfflineQueue = false; // from now on, fail at once while it is away
    if (down) return;
    down = true;
    log.warn({ err: err?.message }, "redis unreachable: rate limits and breakers use this process's own state until it is back");
  };
  client.on("error", lost);
  client.on("reconnecting", () => lost());
  client.on("ready", () => {
    client.options.enableOfflineQueue = false;
    if (!down) return;
    down = false;
    log.warn("redis reachable again: rate limits and breakers are shared again");
  });
  return client;
}

/** Whether Redis answers commands now: true/false, or null when none is configured. */
export function redisReachable(): boolean | null {
  const client = redis();
  return client ? client.status === "ready" : null;
}

/**
 * Runs each call on the shared (Redis) state while Redis answers and on this process's own while it
 * does not: a command that fails, or a client not connected, goes to the local state at once.
 */
export function sharedWhileReachable<S>(client: Redis, shared: S, local: S): <T>(use: (state: S) => Promise<T>) => Promise<T> {
  return (use) => (client.status === "ready" ? use(shared).catch(() => use(local)) : use(local));
}
