// Concurrent streams per key (STREAMS_PER_KEY): a stream holds a lease from before its generation
// is prepared until it ends or its client leaves, so that one key cannot hold open connections
// without bound. At scale the leases live in Redis (every replica counts the same streams; each
// lease expires on its own, renewed while its stream runs, should its process die); on the
// embedded default, and while Redis is unreachable, in this process's memory.
import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";
import { redis } from "../redis";

const LEASE_MS = 120_000;
const streamsOf = (keyId: string) => `streams:${keyId}`;
const RENEW_MS = 30_000;

// Drops expired leases, then adds this one if there is room: one atomic step.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

const holder = globalThis as unknown as { switchyardStreams?: Map<string, Set<string>> };
const local = () => (holder.switchyardStreams ??= new Map());

type Store = { take(keyId: string, lease: string, cap: number): Promise<boolean>; release(keyId: string, lease: string): Promise<void> };

const inMemory: Store = {
  async take(keyId, lease, cap) {
    const open = local().get(keyId) ?? new Set<string>();
    if (open.size >= cap) return false;
    local().set(keyId, open.add(lease));
    return true;
  },
  async release(keyId, lease) {
    const open = local().get(keyId);
    open?.delete(lease);
    if (open?.size === 0) local().delete(keyId);
  },
};

type Client = NonNullable<ReturnType<typeof redis>>;
type WithTake = Client & { takeStreamPlace(key: string, now: number, cap: number, until: number, lease: string, expiry: number): Promise<number> };

/** The client with TAKE as a command of its own: sent by its digest (EVALSHA), its text only once. */
function withTake(client: Client): WithTake {
  if (!("takeStreamPlace" in client)) client.defineCommand("takeStreamPlace", { numberOfKeys: 1, lua: TAKE });
  return client as WithTake;
}

const inRedis = (client: Client): Store => {
  const name = streamsOf;
  return {
    async take(keyId, lease, cap) {
      const now = Date.now();
      return (await withTake(client).takeStreamPlace(name(keyId), now, cap, now + LEASE_MS, lease, LEASE_MS * 2)) === 1;
    },
    async release(keyId, lease) {
      renewed.delete(lease);
      await client.zrem(name(keyId), lease);
    },
  };
};

/**
 * The leases this process holds in Redis (lease → key), renewed all together by one timer while
 * there are any: a timer per stream would be one more object held by each of thousands.
 */
const renewed = new Map<string, string>();
let renewal: NodeJS.Timeout | undefined;

function renewWhileHeld(client: Client, keyId: string, lease: string): void {
  renewed.set(lease, keyId);
  renewal ??= setInterval(() => {
    if (renewed.size === 0) {
      clearInterval(renewal);
      renewal = undefined;
      return;
    }
    const until = Date.now() + LEASE_MS;
    const batch = client.pipeline();
    for (const [held, key] of renewed) batch.zadd(streamsOf(key), "XX", until, held);
    void batch.exec().catch(() => undefined);
  }, RENEW_MS).unref();
}

/** A refusal for the key's client: how many streams it may hold, and what to do. */
const tooManyStreams = (cap: number) =>
  new AppError("rate_limited", `This key already has ${cap} concurrent streams open, the most it may hold. Retry when one has ended, or use another key.`, {
    retry_after: 1,
  });

/** Takes one of the key's stream places, or throws 429; the returned function gives it back (once). */
export async function leaseStream(keyId: string): Promise<() => void> {
  const cap = env.STREAMS_PER_KEY;
  const lease = randomUUID();
  const client = redis();
  let store = client ? inRedis(client) : inMemory;
  let taken: boolean;
  try {
    taken = await store.take(keyId, lease, cap);
  } catch {
    // A Redis outage is never an error: this process counts its own streams meanwhile.
    store = inMemory;
    taken = await store.take(keyId, lease, cap);
  }
  if (!taken) throw tooManyStreams(cap);
  if (client && store !== inMemory) renewWhileHeld(client, keyId, lease);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    void store.release(keyId, lease).catch(() => undefined);
  };
}
