// How many slow concurrent SSE generations one server process holds, and its memory while it
// does: streams are opened in steps against a fake upstream that sends one word a second, and
// after each step the server's RSS (the `next start` process and its app child together) is read,
// with the highest RSS sampled (twice a second) since the step before.
// Stops at --target streams (default 5,000) or when more than 1% of a step fails. Prints a table
// and writes bench/results/open-streams-<backend>.json.
//   npx tsx --import ./scripts/server-only.mjs bench/open-streams.ts                       embedded PGlite, in-memory rate limits
//   DATABASE_URL=postgresql://... REDIS_URL=redis://... npx tsx --import ./scripts/server-only.mjs bench/open-streams.ts
// Options: --target=5000 --step=500 --port=3890 (the fake upstream takes port+1) --hold=0 (seconds
// the streams stay open after the last step; with NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2, a
// `kill -USR2` of the next-server process meanwhile writes its heap snapshot) --node-args="..." (flags
// for the server's node, e.g. V8's --heap-growing-percent=25)
// Needs the app built (`npm run build`). Each stream is two sockets in the server (client and
// upstream): the open-file limit must exceed 2 × target; the script says so if it does not.
import { execSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { request, Agent } from "node:http";
import { join } from "node:path";
import { spawnServer, stopServer, waitUntilServing } from "../scripts/server-process";
import { benchFolder, benchWorkspace, startBenchUpstream, useBenchFamily } from "./bench-world";
import { backend, saveResults } from "./results";

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const TARGET = option("target", 5000);
const STEP = option("step", 500);
const PORT = option("port", 3890);
/** Seconds the streams stay open after the last step (to look at the server meanwhile: a heap snapshot, a profile). */
const HOLD = option("hold", 0);
/** Flags for the server's node, e.g. --node-args="--heap-growing-percent=25" (space-separated). */
const NODE_ARGS = (process.argv.find((a) => a.startsWith("--node-args="))?.slice("--node-args=".length) ?? "").split(" ").filter(Boolean);
const KEYS = 20;

const limit = Number(execSync("ulimit -n", { shell: "/bin/bash" }).toString().trim());
if (limit < 2 * TARGET + 1000) {
  console.error(`The open-file limit is ${limit}; ${TARGET} streams need over ${2 * TARGET + 1000}. Run \`ulimit -n ${2 * TARGET + 1000}\` (or more) in this shell first.`);
  process.exit(1);
}

const work = benchFolder("streams");
const { url: upstream, process: upstreamProcess } = await startBenchUpstream(PORT + 1);
// Long timeouts: a word a second is slow but alive.
useBenchFamily(work, upstream, { connect_ms: 30000, first_token_ms: 60000, idle_ms: 60000 });
// The scale tier allows 1,200 generations a minute a key; the project limit is raised so that
// KEYS keys together may open every stream of the run within a minute.
process.env.PROJECT_RATE_LIMIT_MULTIPLE = String(Math.ceil(TARGET / 1200) + 2);

const { keys } = await benchWorkspace("streams", KEYS);

// Each key may hold STREAMS_PER_KEY streams (20 by default): raised so that the process, not the
// per-key cap, is what is measured; likewise the project's rate budget.
// The metrics route tells the app process's heap apart from the rest of its RSS.
const METRICS_TOKEN = "bench-open-streams-metrics";
const server = spawnServer({ port: PORT, logFile: join(work, "server.log"), env: { STREAMS_PER_KEY: "1000", PROJECT_RATE_LIMIT_MULTIPLE: "1000", METRICS_TOKEN }, nodeArgs: NODE_ARGS });
await waitUntilServing(`http://127.0.0.1:${PORT}`, server);

/** RSS of a process and all its descendants, in MiB (Linux /proc). */
function treeRss(pid: number): number {
  let kib = 0;
  const visit = (p: number) => {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${p}/task`)) {
        for (const child of readFileSync(`/proc/${p}/task/${task}/children`, "utf8").split(" ").filter(Boolean)) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return kib / 1024;
}

/** The app process's V8 heap in use and its memory outside the heap (buffers), in MiB, from its metrics. */
async function appMemory(): Promise<{ heap: number; external: number }> {
  const text = await fetch(`http://127.0.0.1:${PORT}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 2 ** 20;
  return { heap: value("nodejs_heap_size_used_bytes"), external: value("nodejs_external_memory_bytes") };
}

// One socket per stream, no pooling: every stream is its own connection, as separate clients are.
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
// 600 words at one a second: every stream outlives the ramp.
const body = JSON.stringify({ prompt: "[[words 600]] [[fault * slow ms=1000]] Tell a very long story.", stream: true, max_output_tokens: 4000 });
let live = 0;
let ended = 0;
/** Refused streams by HTTP status, printed with each step. */
const refusals = new Map<number, number>();
const open: Array<() => void> = [];

/** Opens one stream; resolves true once its first delta arrived, false if it failed first. */
function openStream(i: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port: PORT, path: "/api/public/v1/ai/completions", method: "POST", agent, headers: { "content-type": "application/json", authorization: `Bearer ${keys[i % KEYS]}` } },
      (res) => {
        if (res.statusCode !== 200) {
          refusals.set(res.statusCode ?? 0, (refusals.get(res.statusCode ?? 0) ?? 0) + 1);
          res.resume();
          return resolve(false);
        }
        let first = true;
        res.on("data", (chunk: Buffer) => {
          if (first && chunk.includes("event: delta")) {
            first = false;
            live++;
            resolve(true);
          }
        });
        res.on("close", () => {
          if (!first) live--;
          ended++;
          resolve(false);
        });
      },
    );
    req.on("error", () => resolve(false));
    open.push(() => req.destroy());
    req.end(body);
  });
}

const baseline = treeRss(server.pid!);
const idle = await appMemory();
const rows: Array<Record<string, number | string>> = [
  { streams: 0, "RSS MiB": Math.round(baseline), "highest RSS MiB": Math.round(baseline), "MiB per 1k streams": "-", "heap MiB": Math.round(idle.heap), "external MiB": Math.round(idle.external), failed: 0, "step s": "-" },
];
let opened = 0;
let stopping = false;
// The RSS moves between the steps' readings (the collector grows the heap, then gives it back):
// it is also sampled twice a second, and each row says the highest seen since the row before.
let highest = 0;
const sampler = setInterval(() => (highest = Math.max(highest, treeRss(server.pid!))), 500);
/** A row of the table: the streams open now, the RSS now and the highest since the last row. */
async function row(failed: number, seconds: string): Promise<Record<string, number | string>> {
  const rss = treeRss(server.pid!);
  const { heap, external } = await appMemory();
  const peak = Math.max(highest, rss);
  highest = 0;
  return {
    streams: live, "RSS MiB": Math.round(rss), "highest RSS MiB": Math.round(peak), "MiB per 1k streams": live ? ((rss - baseline) / (live / 1000)).toFixed(0) : "-",
    "heap MiB": Math.round(heap), "external MiB": Math.round(external), failed, "step s": seconds,
  };
}
// Ctrl-C (or a timeout's SIGTERM) ends the ramp early and still reports the steps measured.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void finish(`stopped by ${signal}`));
try {
  while (opened < TARGET) {
    const size = Math.min(STEP, TARGET - opened);
    const started = performance.now();
    // Opened in chunks of 100 so the ramp measures holding streams, not a connection storm.
    let failed = 0;
    for (let k = 0; k < size; k += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, size - k) }, (_, j) => openStream(opened + k + j)));
      failed += batch.filter((ok) => !ok).length;
    }
    opened += size;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the heap settle a moment
    const step = await row(failed, ((performance.now() - started) / 1000).toFixed(1));
    rows.push(step);
    const refused = [...refusals].map(([status, count]) => `${count} × ${status}`).join(", ");
    console.log(`  ${live} streams open, RSS ${step["RSS MiB"]} MiB (highest ${step["highest RSS MiB"]}), ${failed} failed in this step${refused ? ` (refused so far: ${refused})` : ""}`);
    if (failed > size / 100) break;
  }
  if (HOLD > 0) {
    console.log(`  holding ${live} streams for ${HOLD} s`);
    await new Promise((resolve) => setTimeout(resolve, HOLD * 1000));
    rows.push(await row(0, `held ${HOLD}`));
  }
} catch (error) {
  console.error(error);
}
await finish("done");

async function finish(how: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(sampler);
  for (const destroy of open) destroy();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await stopServer(server);
  upstreamProcess.kill("SIGTERM");
  const last = rows.at(-1)!;
  console.log(`\nOpen SSE streams on one server process, ${backend()} (${how}; the fake upstream sends a word a second)`);
  console.table(rows);
  const file = saveResults("open-streams", { node_args: NODE_ARGS, target: TARGET, held: last.streams, rss_mib: last["RSS MiB"], highest_rss_mib: Math.max(...rows.map((r) => Number(r["highest RSS MiB"] ?? r["RSS MiB"]))), baseline_rss_mib: Math.round(baseline), steps: rows, open_file_limit: limit, ended_early: ended });
  console.log(`written to ${file}`);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}
