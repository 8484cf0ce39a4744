// How long a webhook event takes from the commit of its transaction to the receiver, through the
// same deliverer every server process runs (started here in-process, with a loopback receiver):
//   idle, woken   one event at a time, written by this process (its deliverer is woken at once)
//   idle, polled  one event at a time, written as another replica would (found by the poll)
//   busy          a burst of events written at once, all to one endpoint (many subjects)
// Prints p50/p95/max per case and writes bench/results/webhook-latency-<backend>.json.
//
// Usage:
//   npx tsx --import ./scripts/server-only.mjs bench/webhook-latency.ts                  embedded PGlite in a temporary DATA_DIR
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/sy_bench npx tsx --import ./scripts/server-only.mjs bench/webhook-latency.ts
// Options: --events=100 (idle cases)  --burst=1000 (busy case)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const EVENTS = option("events", 100);
const BURST = option("burst", 1000);

const tempDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "switchyard-bench-webhooks-"));
if (tempDir) process.env.DATA_DIR = tempDir;
Object.assign(process.env, { LOG_LEVEL: "warn", WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_LOOPBACK: "true" });

const { closeDatabase, db } = await import("../server/db");
const { env } = await import("../server/env");
const { newId } = await import("../server/ids");
const { migrate } = await import("../server/migrations");
const { writeEvent } = await import("../server/events/outbox");
const { createWebhook } = await import("../server/webhooks/service");
const { startDeliverer } = await import("../server/webhooks/deliverer");

const committedAt = new Map<string, number>();
const waiting = new Map<string, () => void>();
const arrived = new Set<string>();
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    res.writeHead(204).end();
    const id = JSON.parse(body).id as string;
    const started = committedAt.get(id);
    if (started !== undefined) latencies.push(performance.now() - started);
    arrived.add(id);
    waiting.get(id)?.();
  });
});
let latencies: number[] = [];
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

await migrate();
const workspaceId = newId("wsp");
const projectId = newId("prj");
await db().workspace.create({ data: { id: workspaceId, name: "bench" } });
await db().project.create({ data: { id: projectId, workspaceId, name: "bench" } });
await createWebhook({ workspaceId, projectId, maxScope: "read_write" }, { url, events: ["instance.*"] });
const stop = startDeliverer();

/** Writes one event and returns its id once its transaction has committed. */
async function write(subject: string, woken: boolean): Promise<string> {
  const data = { instance: { id: subject, status: "running" } };
  const id = woken
    ? await db().$transaction((tx) => writeEvent(tx, { workspaceId, projectId, type: "instance.status_changed", subject, data }))
    : (await db().outboxEvent.create({ data: { id: newId("evt"), workspaceId, projectId, type: "instance.status_changed", subject, data } })).id;
  committedAt.set(id, performance.now());
  return id;
}

const arrival = (id: string) => new Promise<void>((resolve) => (arrived.has(id) ? resolve() : waiting.set(id, resolve)));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function oneAtATime(woken: boolean): Promise<number[]> {
  latencies = [];
  for (let i = 0; i < EVENTS; i++) {
    await arrival(await write(newId("ins"), woken));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

async function burst(): Promise<number[]> {
  latencies = [];
  const ids = await Promise.all(Array.from({ length: BURST }, (_, i) => write(`ins_burst_${i % 200}`, true)));
  await Promise.all(ids.map(arrival));
  return latencies;
}

const cases: Record<string, number[]> = {
  [`idle, woken (${EVENTS} events)`]: await oneAtATime(true),
  [`idle, polled every ${env.WEBHOOK_POLL_MS} ms (${EVENTS} events)`]: await oneAtATime(false),
  [`busy (${BURST} events at once, 200 instances)`]: await burst(),
};
const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const rows = Object.entries(cases).map(([name, values]) => ({
  case: name, p50_ms: +percentile(values, 50).toFixed(1), p95_ms: +percentile(values, 95).toFixed(1), max_ms: +Math.max(...values).toFixed(1),
}));
console.log(`\nwebhook event, commit → receiver (${backend}, concurrency ${env.WEBHOOK_CONCURRENCY})`);
console.table(rows);
mkdirSync(join("bench", "results"), { recursive: true });
writeFileSync(join("bench", "results", `webhook-latency-${backend.toLowerCase()}.json`), JSON.stringify({ backend, at: new Date().toISOString(), rows }, null, 2));

await stop();
await db().webhook.deleteMany({ where: { workspaceId } });
await db().outboxEvent.deleteMany({ where: { workspaceId } });
await db().project.delete({ where: { id: projectId } });
await db().workspace.delete({ where: { id: workspaceId } });
await closeDatabase();
receiver.close();
if (tempDir) rmSync(tempDir, { recursive: true, force: true });
