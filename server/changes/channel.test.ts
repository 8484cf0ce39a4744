// The change channel on its real transports: a change published by one process moves the other's
// epoch, and a lost subscription makes the other distrust its caches (epoch null) until it is back.
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { ChangeChannel, postgresTransport, redisTransport } from "./channel";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PG_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function reachable(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await Promise.race([check(), new Promise((_, fail) => setTimeout(() => fail(new Error("timeout")), 2000))]);
    return true;
  } catch {
    return false;
  }
}

const redisUp = await reachable(async () => {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
});
const pgUp = await reachable(async () => {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.end();
});

async function until<T>(read: () => T, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms (last value ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const open: ChangeChannel[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((channel) => channel.close()));
});

type Case = { name: string; up: boolean; make: (name: string) => ChangeChannel; kill: (name: string) => Promise<void> };
const cases: Case[] = [
  {
    name: "Redis pub/sub",
    up: redisUp,
    make: (name) => new ChangeChannel(redisTransport(REDIS_URL, name)),
    kill: async (name) => {
      const admin = new Redis(REDIS_URL);
      const clients = (await admin.call("CLIENT", "LIST", "TYPE", "pubsub")) as string;
      const ids = clients.split("\n").filter((line) => line.includes(` name=${name} `)).map((line) => /id=(\d+)/.exec(line)![1]);
      for (const id of ids) await admin.client("KILL", "ID", id);
      admin.disconnect();
      expect(ids.length).toBe(1);
    },
  },
  {
    name: "PostgreSQL LISTEN/NOTIFY",
    up: pgUp,
    make: (name) => new ChangeChannel(postgresTransport(PG_URL, name)),
    kill: async (name) => {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      const { rowCount } = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [name]);
      await admin.end();
      expect(rowCount).toBe(1);
    },
  },
];

for (const c of cases) {
  describe.skipIf(!c.up)(`change channel over ${c.name}`, () => {
    it("carries a change from one process to another, and distrusts caches while the subscription is lost", async () => {
      const bName = `switchyard-changes-test-${randomUUID().slice(0, 8)}`;
      const a = c.make(`switchyard-changes-test-${randomUUID().slice(0, 8)}`);
      const b = c.make(bName);
      open.push(a, b);
      await until(() => a.epoch("keys"), (e) => e !== null);
      const before = await until(() => b.epoch("keys"), (e) => e !== null);

      await a.publish("keys");
      await until(() => b.epoch("keys"), (e) => e !== null && e > before!, 1000);
      const config = b.epoch("config");

      await c.kill(bName);
      await until(() => b.epoch("keys"), (e) => e === null, 3000);
      // Back once resubscribed, with every epoch moved on (changes may have been missed meanwhile).
      const after = await until(() => b.epoch("config"), (e) => e !== null, 10_000);
      expect(after).toBeGreaterThan(config!);
    }, 30_000);
  });
}
