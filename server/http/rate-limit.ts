// Per-key rate limits (README "API keys") with rate-limiter-flexible: in memory in embedded mode, in Redis
// when REDIS_URL is set so every replica shares the same buckets. `consume` checks and takes in one
// atomic step (a Lua script on Redis). While Redis cannot answer, each limiter falls back at once
// to an in-memory twin (rate-limiter-flexible's insurance limiter): per-process buckets of the
// same size, so a Redis outage loosens limits to one bucket per replica and refuses nobody.
import "server-only";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { AppError } from "../errors";
import { redis } from "../redis";
import { RATE_WINDOW_SECONDS, type Bucket } from "../billing/tiers";

const holder = globalThis as unknown as { switchyardLimiters?: Map<string, RateLimiterAbstract> };

/** The shared limiter `name` with `points` per `duration` seconds (one instance per process). */
export function limiter(name: string, points: number, duration: number): RateLimiterAbstract {
  const limiters = (holder.switchyardLimiters ??= new Map());
  const id = `rl:${name}:${points}:${duration}`;
  let found = limiters.get(id);
  if (!found) {
    found = limiterOn(redis(), { keyPrefix: id, points, duration });
    limiters.set(id, found);
  }
  return found;
}

/** A limiter in Redis with its in-memory insurance, or in memory alone without Redis. */
export function limiterOn(client: Redis | undefined, options: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract {
  if (!client) return new RateLimiterMemory(options);
  return new RateLimiterRedis({ ...options, storeClient: client, insuranceLimiter: new RateLimiterMemory(options) });
}

export type RateLimitState = { bucket: string; limit: number; window: number; remaining: number; resetSeconds: number };

export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    "RateLimit-Policy": `"${state.bucket}";q=${state.limit};w=${state.window}`,
    RateLimit: `"${state.bucket}";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

/** Takes one request from `subject`'s bucket, or throws 429 `rate_limited` carrying the headers. */
export async function takeRequest(
  bucket: Bucket | `project_${Bucket}` | `workspace_${Bucket}` | "sign_up" | "console",
  subject: string,
  limit: number,
  window = RATE_WINDOW_SECONDS,
): Promise<RateLimitState> {
  try {
    const result = await limiter(bucket, limit, window).consume(subject, 1);
    return { bucket, limit, window, remaining: result.remainingPoints, resetSeconds: Math.ceil(result.msBeforeNext / 1000) };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    // The console's budget is a person's (or an address's), not a key's: say so.
    const message = bucket === "console" ? `Too many console requests. Retry after ${retryAfter} s.` : undefined;
    throw new RateLimitedError({ bucket, limit, window, remaining: 0, resetSeconds: retryAfter }, { message });
  }
}

/** Returns one request to `subject`'s bucket (taken for a request that another bucket refused). */
export async function giveBack(bucket: Bucket | `project_${Bucket}` | `workspace_${Bucket}`, subject: string, limit: number, window = RATE_WINDOW_SECONDS): Promise<void> {
  await limiter(bucket, limit, window).reward(subject, 1);
}

/** 429 with the bucket's state for the headers; `retryAfter` defaults to the bucket's reset. */
export class RateLimitedError extends AppError {
  constructor(
    readonly state: RateLimitState,
    options: { message?: string; retryAfter?: number } = {},
  ) {
    const retryAfter = options.retryAfter ?? state.resetSeconds;
    super("rate_limited", options.message ?? `Too many requests for this key. Retry after ${retryAfter} s.`, { retry_after: retryAfter });
  }
}
