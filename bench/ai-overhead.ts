// What the routed AI API adds on top of the model family it calls: the fake upstream called
// directly vs through the service (auth, rate limit, rules, token count, reservation, routing,
// settlement with usage rollup). Prints one table.
//   npx tsx bench/ai-overhead.ts                       # embedded PGlite, in-memory limits
//   DATABASE_URL=postgresql://... REDIS_URL=redis://... npx tsx bench/ai-overhead.ts
// Run by hand on an idle machine; everything (load, server, upstream) shares its cores.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { spawnServer, stopServer, waitUntilServing } from "../scripts/server-process";

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const KEYS = 12; // spread over keys so the per-key generate bucket does not cap the run

const work = mkdtempSync(join(tmpdir(), "switchyard-bench-"));
if (!process.env.DATABASE_URL) process.env.DATA_DIR = join(work, "data");
process.env.LOG_LEVEL = "warn";

const upstreamProcess = spawn(join("node_modules", ".bin", "tsx"), ["e2e/fixtures/fake-upstream.ts", "--port", "3791"], { stdio: ["ignore", "pipe", "inherit"] });
const upstream = await new Promise<string>((resolve) => createInterface({ input: upstreamProcess.stdout! }).once("line", (line) => resolve(line.match(/http:\/\/\S+/)![0])));
const familiesFile = join(work, "families.json");
const family = { id: "bench", adapter: "openai", base_url: `${upstream}/bench/v1`, timeouts: { connect_ms: 5000, first_token_ms: 5000, idle_ms: 5000 }, models: { standard: { name: "bench-model", context_window: 128000 } } };
const rule = [{ label: "bench engine", chain: ["bench/standard"] }];
writeFileSync(familiesFile, JSON.stringify({ families: [family], routes: { scholar: { completions: rule, code: rule } } }));
process.env.MODEL_FAMILIES_FILE = familiesFile;

// A workspace on the top tier with plenty of credits and a few keys, made before the server opens the database.
const { migrate } = await import("../server/migrations");
const { signUp } = await import("../server/accounts/service");
const { addCredits } = await import("../server/billing/ledger");
const { createKey } = await import("../server/keys/service");
const { projectActor } = await import("../server/projects/service");
const { setTier } = await import("../server/workspaces/service");
const { cliOperator } = await import("../server/audit/service");
const { closeDatabase } = await import("../server/db");
await migrate();
const account = await signUp({ email: `bench-${Date.now()}@bench.test`, password: "bench-password", name: "Bench" }, { emailVerified: true });
await setTier(account.workspaceId, "scale", cliOperator);
await addCredits(account.workspaceId, 1_000_000_000_000n);
const actor = await projectActor(account.projectId);
const keys: string[] = [];
for (let i = 0; i < KEYS; i++) keys.push((await createKey(actor, { name: `bench ${i}`, scope: "read_write" })).key);
await closeDatabase();

const port = 3790;
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({ port, logFile: join(work, "server.log") });
await waitUntilServing(base, server);

const prompt = "Summarise the benefits of small, well-tested changes.";
const direct = (stream: boolean) =>
  fetch(`${upstream}/bench/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "bench-model", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: prompt }], _: stream }),
  });
let turn = 0;
const routed = (stream: boolean) =>
  fetch(`${base}/api/public/v1/ai/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${keys[turn++ % KEYS]}` },
    body: JSON.stringify({ prompt, stream }),
  });

/** Time to the whole answer, and to the first byte of the first text. */
async function timed(call: () => Promise<Response>, marker: string) {
  const started = performance.now();
  const response = await call();
  if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
  let first = 0;
  const decoder = new TextDecoder();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!first && decoder.decode(chunk).includes(marker)) first = performance.now() - started;
  }
  return { total: performance.now() - started, first };
}

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

async function sequential(call: () => Promise<Response>, marker: string) {
  for (let i = 0; i < 20; i++) await timed(call, marker); // warm-up
  const runs = [];
  for (let i = 0; i < SEQUENTIAL; i++) runs.push(await timed(call, marker));
  return { p50: pct(runs.map((r) => r.total), 50), p99: pct(runs.map((r) => r.total), 99), ttft: pct(runs.map((r) => r.first), 50) };
}

async function throughput(call: () => Promise<Response>) {
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const response = await call();
        await response.arrayBuffer();
        if (response.status === 200) done++;
        else failed++;
      }
    }),
  );
  return { rps: done / SECONDS, failed };
}

// Stop the children however the run ends, so no server is left holding the ports.
const stop = async () => {
  await stopServer(server);
  upstreamProcess.kill("SIGTERM");
};
process.on("uncaughtException", async (error) => {
  console.error(error);
  await stop();
  process.exit(1);
});

const d = await sequential(() => direct(true), '"content"');
const s = await sequential(() => routed(true), "event: delta");
const j = await sequential(() => routed(false), '"output"');
const dt = await throughput(() => direct(true));
const st = await throughput(() => routed(true));

const f = (n: number) => n.toFixed(1);
console.log(`\nAI API overhead on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""} (${SEQUENTIAL} sequential, ${CONNECTIONS} connections for ${SECONDS} s)`);
console.table([
  { path: "upstream direct (stream)", "p50 ms": f(d.p50), "p99 ms": f(d.p99), "first token p50 ms": f(d.ttft), "req/s @50": f(dt.rps), errors: dt.failed },
  { path: "through service (stream)", "p50 ms": f(s.p50), "p99 ms": f(s.p99), "first token p50 ms": f(s.ttft), "req/s @50": f(st.rps), errors: st.failed },
  { path: "through service (JSON)", "p50 ms": f(j.p50), "p99 ms": f(j.p99), "first token p50 ms": "-", "req/s @50": "-", errors: 0 },
  { path: "added by the service (stream)", "p50 ms": f(s.p50 - d.p50), "p99 ms": f(s.p99 - d.p99), "first token p50 ms": f(s.ttft - d.ttft), "req/s @50": "-", errors: "-" },
]);

await stop();
process.exit(0);
