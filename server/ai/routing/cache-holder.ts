// Which family holds a conversation's prompt cache. A request that asks for caching (a prompt cache
// key, given by the client or made from its cache breakpoints) goes first to the family that
// answered the last request with that key: another family would read nothing from its cache and
// bill the whole prefix again. While that family's circuit is open it is skipped as always, and a
// failure there escalates along the chain as always (escalation wins over keeping the cache).
// Remembered HOLD_SECONDS after the last use (the engines keep a cached prefix about five minutes),
// under a digest of workspace, product and key (a key is the client's text: never stored as sent);
// in Redis when REDIS_URL is set, so every replica routes a conversation alike, and in this
// process's memory while Redis is unreachable.
import "server-only";
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { redis, sharedWhileReachable } from "../../redis";
import type { Plan } from "./plan";

export const HOLD_SECONDS = 300;
/** At most this many conversations remembered per process when held in memory (oldest forgotten first). */
const MEMORY_LIMIT = 50_000;

export type CacheHolders = {
  holder(conversation: string): Promise<string | undefined>;
  remember(conversation: string, family: string): Promise<void>;
};

/** The conversation a request belongs to, for the holders: never the client's key itself. */
export function conversationOf(workspaceId: string, product: string, promptCacheKey: string): string {
  return createHash("sha256").update(workspaceId).update("\0").update(product).update("\0").update(promptCacheKey).digest("base64url");
}

export function memoryHolders(now = () => Date.now()): CacheHolders {
  const held = new Map<string, { family: string; until: number }>();
  return {
    async holder(conversation) {
      const entry = held.get(conversation);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.family;
      held.delete(conversation);
      return undefined;
    },
    async remember(conversation, family) {
      held.delete(conversation); // re-inserted last: the Map's order is the order of last use
      held.set(conversation, { family, until: now() + HOLD_SECONDS * 1000 });
      if (held.size > MEMORY_LIMIT) held.delete(held.keys().next().value!);
    },
  };
}

export function redisHolders(client: Redis): CacheHolders {
  const key = (conversation: string) => `ch:${conversation}`;
  return {
    holder: async (conversation) => (await client.get(key(conversation))) ?? undefined,
    remember: async (conversation, family) => {
      await client.set(key(conversation), family, "EX", HOLD_SECONDS);
    },
  };
}

/** Redis while it answers, this process's memory while it does not (as the breakers do). */
function fallbackHolders(client: Redis, local = memoryHolders()): CacheHolders {
  const either = sharedWhileReachable(client, redisHolders(client), local);
  return {
    holder: (conversation) => either((h) => h.holder(conversation)),
    remember: (conversation, family) => either((h) => h.remember(conversation, family)),
  };
}

const store = globalThis as unknown as { switchyardCacheHolders?: CacheHolders };

export function cacheHolders(): CacheHolders {
  const client = redis();
  store.switchyardCacheHolders ??= client ? fallbackHolders(client) : memoryHolders();
  return store.switchyardCacheHolders;
}

/**
 * The plan with the holder's step first, the others in their order after it; unchanged when the
 * holder is not a step of it (another product's chain, a capability it lacks) or is first already.
 */
export function holderFirst(route: Plan, family: string | undefined): Plan {
  const at = route.steps.findIndex((step) => step.family.id === family);
  if (at <= 0) return route;
  const steps = [route.steps[at], ...route.steps.filter((_, i) => i !== at)];
  return { ...route, steps, reason: `${route.reason}, kept to the engine holding its prompt cache` };
}
