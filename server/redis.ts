// The Redis client shared by every part that keeps state across replicas (rate-limit buckets,
// circuit breakers): opened on first use when REDIS_URL is set, once per process.
import { Redis } from "ioredis";
import { env } from "./env";

const holder = globalThis as unknown as { switchyardRedis?: Redis };

export function redis(): Redis | undefined {
  if (!env.REDIS_URL) return undefined;
  holder.switchyardRedis ??= new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return holder.switchyardRedis;
}
