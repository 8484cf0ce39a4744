// What each step of a metered generation costs the whole machine: the gateway bench
// (bench/ai-overhead.ts) run once as it is and once with each step switched off in turn
// (BENCH_OFF, handed to the server as BENCH_ABLATE), each run with the framework's floor and the reference gateway in it. Prints
// one table: CPU per non-streamed and per streamed generation (server, PostgreSQL, Redis, total),
// what switching the step off saved, and each run's req/s against the reference's.
//   DATABASE_URL=postgresql://... REDIS_URL=redis://... npx tsx --import ./scripts/server-only.mjs bench/ablation.ts [step ...]
// Steps: the server's (server/env.ts: ABLATABLE_STEPS), `logging` (LOG_LEVEL=silent) and `upstream`
// (the in-process sandbox engine, unpaced, in place of the upstream call). Smaller runs than the
// bench's defaults (BENCH_SEQUENTIAL=200, BENCH_ROUNDS=2, BENCH_SECONDS=4) unless set. On
// PostgreSQL each run gets a fresh database beside DATABASE_URL's (dropped after it): one database
// growing over the runs made its CPU per generation drift with the data, not with the step.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { ABLATABLE_STEPS } from "../server/env";

const steps = process.argv.slice(2).length ? process.argv.slice(2) : [...ABLATABLE_STEPS, "logging", "upstream"];
type Cpu = { app: number; postgres: number; postgres_background: number; redis: number; total: number };
type Run = {
  pathCpuMsPerRequest: Record<string, Cpu>;
  figures: Record<string, { loaded: { rps: number } | null }>;
  added: Record<string, { p50: number; p99: number; ttft: number }>;
};

/** A fresh database beside DATABASE_URL's for one run, and how to drop it; nothing on PGlite. */
async function freshDatabase(run: number): Promise<{ url?: string; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) return { drop: async () => undefined };
  const url = new URL(process.env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || "bench"}_ablation_${run}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function bench(ablate: string, run: number): Promise<Run> {
  const database = await freshDatabase(run);
  try {
    return benchOn(ablate, database.url);
  } finally {
    await database.drop();
  }
}

function benchOn(ablate: string, databaseUrl: string | undefined): Run {
  const env = { BENCH_SEQUENTIAL: "200", BENCH_ROUNDS: "2", BENCH_SECONDS: "4", ...process.env, BENCH_OFF: ablate, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const run = spawnSync("npx", ["tsx", "--import", "./scripts/server-only.mjs", "bench/ai-overhead.ts"], { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const written = /^written (.+)$/m.exec(run.stdout ?? "")?.[1];
  if (run.status !== 0 || !written) throw new Error(`the bench with BENCH_OFF=${ablate} failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(readFileSync(written, "utf8")) as Run;
}

const f = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "-");
const rows: Record<string, string>[] = [];
let baseline: Run | undefined;
for (const [i, ablate] of ["", ...steps].entries()) {
  const run = await bench(ablate, i);
  baseline ??= run;
  const json = run.pathCpuMsPerRequest["service json"];
  const stream = run.pathCpuMsPerRequest["service stream"];
  const saved = (now: Cpu, path: string) => f(baseline!.pathCpuMsPerRequest[path].total - now.total);
  const rps = run.figures["service json"].loaded?.rps ?? NaN;
  const reference = run.figures["reference json"].loaded?.rps ?? NaN;
  rows.push({
    "switched off": ablate || "(nothing)",
    "json: app + PG conns + PG background + Redis = total ms": `${f(json.app)} + ${f(json.postgres)} + ${f(json.postgres_background)} + ${f(json.redis)} = ${f(json.total)}`,
    "json saved ms": ablate ? saved(json, "service json") : "-",
    "stream total ms": f(stream.total),
    "stream saved ms": ablate ? saved(stream, "service stream") : "-",
    "req/s @50 (× ref)": `${rps.toFixed(0)} (${(rps / reference).toFixed(2)})`,
    "added p50 / p99 ms": `${run.added["service json"].p50.toFixed(1)} / ${run.added["service json"].p99.toFixed(1)}`,
    "floor total ms": f(run.pathCpuMsPerRequest["floor: product list"].total),
    "reference total ms": f(run.pathCpuMsPerRequest["reference json"].total),
  });
  console.log(`done: ${ablate || "(nothing switched off)"}`);
}
console.table(rows);
