// Rate limits while Redis is away (README "Run it in production"): a real redis-server of the test's
// own, stopped and started again. Refusals stay refusals, nothing throws, and no call waits for Redis.
import { spawn, type ChildProcess } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { RateLimiterRes } from "rate-limiter-flexible";
import { openRedis } from "../redis";
import { limiterOn } from "./rate-limit";

const port = 20_000 + Math.floor(Math.random() * 20_000);
let server: ChildProcess | undefined;

async function startRedis() {
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  await sleep(300);
}
async function stopRedis() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
}
afterAll(stopRedis);

const outcome = (p: Promise<unknown>) => p.then(() => "taken", (e) => (e instanceof RateLimiterRes ? "refused" : `threw ${e}`));

describe("rate limits with Redis away", () => {
  it("fall back to per-process buckets of the same size at once, and are shared again when Redis is back", async () => {
    await startRedis();
    const client = openRedis(`redis://127.0.0.1:${port}/0`, 200);
    const limiter = limiterOn(client, { keyPrefix: `test-${port}`, points: 3, duration: 60 });
    await new Promise((resolve) => client.once("ready", resolve));
    expect(await outcome(limiter.consume("k"))).toBe("taken");
    expect(await client.keys("test-*")).toHaveLength(1); // counted in Redis

    await stopRedis();
    const started = performance.now();
    const during = [];
    for (let i = 0; i < 4; i++) during.push(await outcome(limiter.consume("k")));
    expect(during).toEqual(["taken", "taken", "taken", "refused"]);
    expect(performance.now() - started).toBeLessThan(1000); // never waits out a timeout per call

    await startRedis();
    await new Promise((resolve) => (client.status === "ready" ? resolve(null) : client.once("ready", resolve)));
    // Back (and empty): the shared bucket counts again.
    expect(await outcome(limiter.consume("k"))).toBe("taken");
    expect(await client.keys("test-*")).toHaveLength(1);
    client.disconnect();
  }, 20_000);

  it("never throws when Redis was never reachable", async () => {
    const client = openRedis("redis://127.0.0.1:1/0", 200);
    const limiter = limiterOn(client, { keyPrefix: "never", points: 2, duration: 60 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await outcome(limiter.consume("k")));
    expect(results).toEqual(["taken", "taken", "refused"]);
    client.disconnect();
  });
});
