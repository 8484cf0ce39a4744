// What the routed AI API adds on top of the model family it calls, against a plain proxy: the fake
// upstream called directly, through the service (auth, rate limit, rules, token count, reservation,
// routing, settlement with usage rollup) and through the reference gateway (Portkey, which meters
// nothing), interleaved in one run. Prints one table and writes JSON under bench/results/.
//   npx tsx --import ./scripts/server-only.mjs bench/ai-overhead.ts                                  embedded PGlite, in-memory limits
//   DATABASE_URL=postgresql://... REDIS_URL=redis://... npx tsx --import ./scripts/server-only.mjs bench/ai-overhead.ts
// Options (env): BENCH_SEQUENTIAL=300 calls per path, BENCH_SECONDS=5 per path and round,
// BENCH_ROUNDS=3, BENCH_CONNECTIONS=50, BENCH_PROFILE=1 (CPU profile of the server process, summed
// up by bench/profile-top.ts), BENCH_NODE_ARGS="--flag ..." (flags for the server's node),
// BENCH_OFF=step,... (steps of the service switched off: the server's own, server/env.ts, and
// `logging` (LOG_LEVEL=silent) and `upstream` (the in-process sandbox engine); bench/ablation.ts).
// Everything (load, server, gateway, upstream) shares the machine's cores: run it on an idle
// machine, and read the ratios as much as the milliseconds.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { buildIfChanged } from "../scripts/build";
import { spawnServer, stopServer, waitUntilServing } from "../scripts/server-process";
import { benchFolder, benchWorkspace, startBenchUpstream, useBenchFamily } from "./bench-world";
import { interleaved, merge, pct, saturate, type Path, type Throughput } from "./load";
import { available as cpuAvailable, cpuMs, cpuOfEach, cpuSince, isPostgresBackend, processesNamed, processTree } from "./process-cpu";
import { summarise } from "./profile-top";
import { referenceCall, startReferenceGateway } from "./reference-gateway";

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PROFILE = process.env.BENCH_PROFILE === "1";
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
// Keys share the load so that no key's generate bucket caps the run (the project's is raised).
const KEYS = 45;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const startedAt = Date.now();
buildIfChanged();
const work = benchFolder("overhead");
const started = await startBenchUpstream(0);
const upstreamProcess = started.process;
const upstream = started.url;
// However the run ends (a failed start included), no child is left holding its port.
const children: ChildProcess[] = [upstreamProcess];
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
});
const ABLATE = (process.env.BENCH_OFF ?? "").split(",").filter(Boolean);
const serverSteps = ABLATE.filter((step) => step !== "logging" && step !== "upstream");
useBenchFamily(work, upstream, { connect_ms: 5000, first_token_ms: 5000, idle_ms: 5000 }, ABLATE.includes("upstream"));
const { keys } = await benchWorkspace("bench", KEYS);

const profileDir = join(work, "profile");
if (PROFILE) mkdirSync(profileDir);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnServer({
  port,
  logFile: join(work, "server.log"),
  env: {
    PROJECT_RATE_LIMIT_MULTIPLE: "1000",
    ...(PROFILE ? { NEXT_CPU_PROF: "1", NEXT_CPU_PROF_DIR: profileDir } : {}),
    BENCH_ABLATE: serverSteps.join(","),
    ...(serverSteps.length ? { ALLOW_BENCH_ABLATION: "true" } : {}),
    ...(ABLATE.includes("logging") ? { LOG_LEVEL: "silent" } : {}),
  },
  nodeArgs: NODE_ARGS,
});
children.push(server);
await waitUntilServing(base, server);
const gateway = await startReferenceGateway(await freePort());
children.push(gateway.process);

// Stop the children however the run ends, so no server is left holding the ports.
const stop = async () => {
  await Promise.all([stopServer(server), gateway.stop()]);
  upstreamProcess.kill("SIGTERM");
};
process.on("uncaughtException", async (error) => {
  console.error(error);
  await stop();
  process.exit(1);
});

const prompt = "Summarise the benefits of small, well-tested changes.";
const upstreamBody = (stream: boolean) =>
  JSON.stringify({ model: "bench-model", stream, ...(stream ? { stream_options: { include_usage: true } } : {}), messages: [{ role: "user", content: prompt }] });
const json = { "content-type": "application/json" };
let turn = 0;
const direct = (stream: boolean) => () => fetch(`${upstream}/bench/v1/chat/completions`, { method: "POST", headers: json, body: upstreamBody(stream) });
const service = (stream: boolean) => () =>
  fetch(`${base}/api/public/v1/ai/completions`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${keys[turn++ % KEYS]}` },
    body: JSON.stringify({ prompt, stream }),
  });
const reference = (stream: boolean) => referenceCall(gateway, `${upstream}/bench/v1`, upstreamBody(stream));
// The framework's floor: the service's cheapest route (the product list: no key, no database read,
// no upstream), served by the same process. What a route handler costs before any work of ours.
const floor = () => fetch(`${base}/api/public/v1/ai/products`);
const openaiText = /"content":"[^"]/;
// The service always streams from the upstream, so its baseline is the streamed call; the
// reference gateway passes `stream` on, so its JSON baseline is the upstream's JSON answer.
const paths: Path[] = [
  { name: "direct stream", call: direct(true), firstText: openaiText },
  { name: "direct json", call: direct(false), firstText: openaiText },
  { name: "service json", call: service(false), firstText: /"output"/ },
  { name: "service stream", call: service(true), firstText: /event: delta/ },
  { name: "reference json", call: reference(false), firstText: openaiText },
  { name: "reference stream", call: reference(true), firstText: openaiText },
  { name: "floor: product list", call: floor, firstText: /"products"|"data"|\[/ },
];
const baselineOf: Record<string, string> = {
  "service json": "direct stream", "service stream": "direct stream", "reference json": "direct json", "reference stream": "direct stream",
  "floor: product list": "direct json",
};
const loadedPaths = paths.filter((p) => p.name !== "reference stream");
// The fake upstream remembers every request it served: forget them between phases.
const resetUpstream = () => fetch(`${upstream}/__reset`, { method: "POST" });

const serverTree = processTree(server.pid!);
const gatewayTree = processTree(gateway.process.pid!);
// CPU per request comes from the runs at fixed connections, where one path runs at a time (the
// product list runs in the server process too: it is counted apart, as the framework's floor).
const owners = { service: serverTree, reference: gatewayTree, floor: serverTree };
type Owner = keyof typeof owners;
const ownerOf = (name: string): Owner | null =>
  name.startsWith("service") ? "service" : name.startsWith("reference") ? "reference" : name.startsWith("floor") ? "floor" : null;
const cpu: Record<Owner, { ms: number; requests: number }> = { service: { ms: 0, requests: 0 }, reference: { ms: 0, requests: 0 }, floor: { ms: 0, requests: 0 } };
const cpuNow = () => ({ service: cpuMs(serverTree), reference: cpuMs(gatewayTree), floor: cpuMs(serverTree) });
// The back ends' own CPU over the same runs (on PGlite the database runs inside the server process,
// and in-memory limits have no Redis): what a request costs the whole machine, not only the app.
// PostgreSQL's CPU in two: its connections' backends (what the statements cost) and the rest
// (postmaster, autovacuum, checkpointer, writers: work that grows with the tables, not per request).
type Finder = (() => number[]) | null;
const backEnds: Record<"postgres" | "postgres_background" | "redis", Finder> = {
  postgres: process.env.DATABASE_URL ? () => processesNamed("postgres", isPostgresBackend) : null,
  postgres_background: process.env.DATABASE_URL ? () => processesNamed("postgres", (title) => !isPostgresBackend(title)) : null,
  redis: process.env.REDIS_URL ? () => processesNamed("redis-server") : null,
};
type BackEnd = keyof typeof backEnds;
const noBackEnd = () => ({ postgres: 0, postgres_background: 0, redis: 0 });
const backEndCpu: Record<Owner, Record<BackEnd, number>> = { service: noBackEnd(), reference: noBackEnd(), floor: noBackEnd() };
/** Each loaded path's own: the server's (or the gateway's) CPU, the back ends', and the requests. */
const pathCpu: Record<string, Record<BackEnd, number> & { app: number; requests: number }> = {};
const backEndsNow = () => Object.fromEntries(Object.entries(backEnds).map(([which, find]) => [which, find ? cpuOfEach(find()) : new Map()])) as Record<BackEnd, Map<number, number>>;
// The load's window on the monotonic clock (µs), which V8's profile timestamps share.
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
const window = { from: monotonicMicros(), to: 0 };

// 1. Sequential, taking turns.
const sequential = await interleaved(paths, SEQUENTIAL);
await resetUpstream();

// 2. Fixed connections, in rounds taking turns.
const loaded = new Map<string, Throughput[]>(loadedPaths.map((p) => [p.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < loadedPaths.length; i++) {
    const path = loadedPaths[(round + i) % loadedPaths.length];
    const before = cpuNow();
    const backEndsBefore = backEndsNow();
    const run = await saturate(path.call, CONNECTIONS, SECONDS);
    const after = cpuNow();
    loaded.get(path.name)!.push(run);
    const owner = ownerOf(path.name);
    if (owner) {
      cpu[owner].ms += after[owner] - before[owner];
      cpu[owner].requests += run.done + run.failed;
      const own = (pathCpu[path.name] ??= { app: 0, requests: 0, ...noBackEnd() });
      own.app += after[owner] - before[owner];
      own.requests += run.done + run.failed;
      for (const [which, find] of Object.entries(backEnds)) {
        if (!find) continue;
        const used = cpuSince(find(), backEndsBefore[which as BackEnd]);
        backEndCpu[owner][which as BackEnd] += used;
        own[which as BackEnd] += used;
      }
    }
    await resetUpstream();
  }
}
window.to = monotonicMicros();
await stop();

const seq = (name: string) => {
  const runs = sequential.get(name)!;
  const totals = runs.map((r) => r.total);
  return { p50: pct(totals, 50), p90: pct(totals, 90), p99: pct(totals, 99), ttft: pct(runs.map((r) => r.first), 50) };
};
const load = (name: string) => {
  const runs = loaded.get(name);
  if (!runs) return null;
  const run = merge(runs);
  return { rps: run.done / run.seconds, p99: pct(run.latencies, 99), failed: run.failed, statuses: run.statuses };
};
const figures = Object.fromEntries(paths.map((p) => [p.name, { sequential: seq(p.name), loaded: load(p.name) }]));
const added = (name: string) => {
  const s = figures[name].sequential;
  const d = figures[baselineOf[name]].sequential;
  return { over: baselineOf[name], p50: s.p50 - d.p50, p90: s.p90 - d.p90, p99: s.p99 - d.p99, ttft: s.ttft - figures["direct stream"].sequential.ttft };
};
const perRequest = (owner: Owner) => (cpuAvailable && cpu[owner].requests ? cpu[owner].ms / cpu[owner].requests : NaN);
const backEndPerRequest = (owner: Owner, which: BackEnd) => (cpuAvailable && backEnds[which] && cpu[owner].requests ? backEndCpu[owner][which] / cpu[owner].requests : NaN);
/** Server, PostgreSQL and Redis CPU per request, and their sum (what the back ends measured add to it). */
const machineCpu = (owner: Owner) => {
  const [app, postgres, background, redis] = [perRequest(owner), backEndPerRequest(owner, "postgres"), backEndPerRequest(owner, "postgres_background"), backEndPerRequest(owner, "redis")];
  const known = (n: number) => (Number.isFinite(n) ? n : 0);
  return { app, postgres, postgres_background: background, redis, total: app + known(postgres) + known(background) + known(redis) };
};

const f = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(1) : "-");
const signed = (n: number) => (Number.isFinite(n) ? `${n >= 0 ? "+" : ""}${n.toFixed(1)}` : "-");
const database = `${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}${process.env.REDIS_URL ? " + Redis" : ""}`;
console.log(`\nAI API overhead on ${database}: ${SEQUENTIAL} sequential calls per path taking turns; ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s per path`);
console.table(
  paths.map((p) => {
    const { sequential: s, loaded: l } = figures[p.name];
    const a = baselineOf[p.name] ? added(p.name) : null;
    return {
      path: p.name,
      "p50 ms": f(s.p50), "p90 ms": f(s.p90), "p99 ms": f(s.p99), "first text p50 ms": f(s.ttft),
      "added p50 / p99 ms": a ? `${signed(a.p50)} / ${signed(a.p99)}` : "-",
      "added first text ms": a ? signed(a.ttft) : "-",
      [`req/s @${CONNECTIONS}`]: f(l?.rps), [`p99 @${CONNECTIONS} ms`]: f(l?.p99), errors: l?.failed ?? "-",
    };
  }),
);
const serviceLoad = figures["service json"].loaded!;
const referenceLoad = figures["reference json"].loaded!;
const summary = {
  "added latency, sequential non-stream p50 / p99": `${signed(added("service json").p50)} / ${signed(added("service json").p99)} ms (reference ${signed(added("reference json").p50)} / ${signed(added("reference json").p99)} ms)`,
  "added first text, stream p50": `${signed(added("service stream").ttft)} ms (reference ${signed(added("reference stream").ttft)} ms)`,
  [`req/s @${CONNECTIONS} non-stream, service / reference`]: `${f(serviceLoad.rps)} / ${f(referenceLoad.rps)} = ${(serviceLoad.rps / referenceLoad.rps).toFixed(2)}×`,
  [`p99 @${CONNECTIONS} non-stream, service / reference`]: `${f(serviceLoad.p99)} / ${f(referenceLoad.p99)} ms`,
  "CPU ms per request of the server process": `${f(perRequest("service"))} (reference ${f(perRequest("reference"))})`,
  "CPU ms per request, server + PostgreSQL (connections + background) + Redis = total": `${f(machineCpu("service").app)} + ${f(machineCpu("service").postgres)} + ${f(machineCpu("service").postgres_background)} + ${f(machineCpu("service").redis)} = ${f(machineCpu("service").total)} (floor ${f(machineCpu("floor").total)})`,
  "framework floor (product list): added p50, req/s, CPU ms per request": `${signed(added("floor: product list").p50)} ms, ${f(figures["floor: product list"].loaded?.rps)}, ${f(perRequest("floor"))}`,
};
console.table(summary);
for (const [name, { loaded: l }] of Object.entries(figures)) if (l?.failed) console.log(`${name}: failures by status ${JSON.stringify(l.statuses)}`);

let profile: ReturnType<typeof summarise> | undefined;
if (PROFILE) {
  // Next writes the profile on exit, into the folder it chooses (.next-profiles) or ours.
  const candidates = [profileDir, join(process.cwd(), ".next-profiles")].flatMap((dir) =>
    existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(".cpuprofile")).map((n) => join(dir, n)) : [],
  );
  const newest = candidates.filter((file) => statSync(file).mtimeMs >= startedAt).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (newest) {
    profile = summarise(JSON.parse(readFileSync(newest, "utf8")), 30, window);
    console.log(`CPU profile of the server process under load: ${newest} (${profile.busyMs} ms busy of ${profile.totalMs} ms${profile.windowed ? " in the load's window" : ""})`);
    console.table(profile.groups.slice(0, 15));
    console.table(profile.functions.slice(0, 25));
  } else console.log("no CPU profile was written");
}

const results = join(process.cwd(), "bench", "results");
mkdirSync(results, { recursive: true });
const file = join(results, `ai-overhead-${process.env.DATABASE_URL ? "postgres" : "pglite"}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
const record = {
  database, at: new Date().toISOString(), ablated: ABLATE, sequential: SEQUENTIAL, connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS,
  figures, added: Object.fromEntries(Object.keys(baselineOf).map((name) => [name, added(name)])),
  cpuMsPerRequest: { service: perRequest("service"), reference: perRequest("reference"), floor: perRequest("floor") },
  machineCpuMsPerRequest: { service: machineCpu("service"), reference: machineCpu("reference"), floor: machineCpu("floor") },
  pathCpuMsPerRequest: Object.fromEntries(
    Object.entries(pathCpu).map(([name, used]) => {
      const per = (ms: number) => (used.requests ? ms / used.requests : NaN);
      const total = used.app + used.postgres + used.postgres_background + used.redis;
      return [name, { app: per(used.app), postgres: per(used.postgres), postgres_background: per(used.postgres_background), redis: per(used.redis), total: per(total) }];
    }),
  ),
  summary, profile,
};
writeFileSync(file, JSON.stringify(record, null, 2));
console.log(`written ${file}`);
process.exit(0);
