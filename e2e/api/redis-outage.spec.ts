// Redis is an accelerator, not a single point of failure (README "Run it in production"): a server of
// its own on a redis-server of the spec's own, 8 clients generating and listing keys; Redis is killed
// for 10 s and started again empty. No answer may be a 5xx at any time, every answer after Redis is back
// is a 200, and the answers' credits equal the balance's fall.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import { count, drillAccount, generateLoad, settledBooks, summary } from "../fixtures/drill";
import { ownDatabase, ownServer } from "../fixtures/own-server";

const REDIS_PORT = Number(process.env.E2E_PORT ?? 3210) + 38;
const PORT = Number(process.env.E2E_PORT ?? 3210) + 39;

async function startRedis(): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(REDIS_PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    const ready = await fetch(`http://127.0.0.1:${REDIS_PORT}`).then(() => true, (e) => e?.cause?.code !== "ECONNREFUSED");
    if (ready) return child;
    await sleep(100);
  }
  throw new Error("redis-server did not start");
}

async function stopRedis(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

test("Redis killed for 10 s under load: no 5xx, all 200 once it is back, credits reconcile", async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("redis-outage");
  const env: Record<string, string> = { ...database.env, REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}/0`, LOG_LEVEL: "warn" };
  const { key } = drillAccount(env, "redis-outage");
  let redis = await startRedis();
  const server = ownServer(PORT, env, "redis-outage.log");
  try {
    await server.start();
    const before = await settledBooks(server.base, key);
    const load = generateLoad(server.base, key, 8);
    await sleep(4_000);
    load.phase.current = "outage";
    await stopRedis(redis);
    await sleep(10_000);
    load.phase.current = "recovering";
    redis = await startRedis();
    await sleep(3_000);
    load.phase.current = "after";
    await sleep(5_000);
    await load.stop();
    const after = await settledBooks(server.base, key);

    for (const name of ["before", "outage", "recovering", "after"]) console.log(`redis drill ${name}: ${summary(load.phases.get(name))}`);
    const all = load.all();
    expect(count(all, (s) => s >= 500 || s === 0), summary(all)).toBe(0);
    expect(count(load.phases.get("outage"), (s) => s === 200)).toBeGreaterThan(20);
    const back = load.phases.get("after");
    expect(count(back, (s) => s === 200)).toBeGreaterThan(0);
    expect(count(back, (s) => s !== 200), summary(back)).toBe(0);
    expect(after.reserved).toBe(0);
    expect(before.balance - after.balance).toBe(all.credits);
  } finally {
    await server.stop();
    await stopRedis(redis);
    await database.drop();
  }
});
