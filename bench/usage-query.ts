// Latency of the usage query (usageOf, what GET /api/public/v1/usage runs) on a workspace with
// 1,000,000 usage records: 20 projects × 6 engines × 366 days, so 43,920 rows of the daily rollup.
// The records are generated in SQL (INSERT ... SELECT generate_series) and the rollup is summed
// from them in SQL, not written through the service, so filling takes seconds, not hours.
// Prints p50/p95/p99 over 200 runs (after 10 warm-up runs) for typical filters, and the p50 of
// the same SELECT sent as raw SQL (50 runs) to show what the database itself takes; writes the
// table to bench/results/usage-query-<backend>.json.
//
// Usage:
//   npx tsx --import ./scripts/server-only.mjs bench/usage-query.ts                       embedded PGlite in a temporary DATA_DIR (deleted after)
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/sy_bench npx tsx --import ./scripts/server-only.mjs bench/usage-query.ts
//                                                      PostgreSQL; use a database of its own: the bench
//                                                      migrates it and deletes its workspace at the end
// Options: --runs=200  --records=1000000  --keep (PostgreSQL: leave the workspace and its rows)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { saveResults } from "./results";

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const RUNS = option("runs", 200);
const WARMUP = 10;
const RECORDS = option("records", 1_000_000);
const PROJECTS = 20;
const DAYS = 366;
const BATCH = 100_000;

// env.ts reads the environment when first imported: choose the data folder before any import.
const tempDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "switchyard-bench-usage-"));
if (tempDir) process.env.DATA_DIR = tempDir;
process.env.LOG_LEVEL ??= "warn";

const { productIds } = await import("../server/vocab/products");
const { closeDatabase, db, rawSql } = await import("../server/db");
const { newId } = await import("../server/ids");
const { migrate } = await import("../server/migrations");
const { usageOf } = await import("../server/billing/usage");

const engines = [...productIds, "compute"];
const backend = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const DAY_MS = 86_400_000;
const dayBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function fill(workspaceId: string, projects: string[], today: string) {
  const sql = rawSql();
  const combos = PROJECTS * engines.length * DAYS;
  // Record g goes to combo g mod combos: every (project, engine, day) gets RECORDS / combos records.
  for (let from = 1; from <= RECORDS; from += BATCH) {
    const to = Math.min(RECORDS, from + BATCH - 1);
    await sql.query(
      `INSERT INTO usage_records (id, workspace_id, project_id, key_id, engine, day, requests, input_tokens, output_tokens, credits, created_at)
       SELECT 'use_bench' || lpad(g::text, 20, '0'), $1,
              ($2::text[])[1 + g % ${PROJECTS}],
              NULL,
              ($3::text[])[1 + (g / ${PROJECTS}) % ${engines.length}],
              $4::date - ((g / ${PROJECTS * engines.length}) % ${DAYS})::int,
              1, (g::bigint * 7919) % 20000, (g::bigint * 104729) % 4000, (g::bigint * 31) % 50000 + 1,
              now()
       FROM generate_series($5::int, $6::int) AS g`,
      [workspaceId, projects, engines, today, from, to],
    );
    console.log(`  usage_records: ${to.toLocaleString("en")} / ${RECORDS.toLocaleString("en")}`);
  }
  await sql.query(
    `INSERT INTO usage_daily (workspace_id, project_id, engine, day, requests, input_tokens, output_tokens, credits)
     SELECT workspace_id, project_id, engine, day, COUNT(*), SUM(input_tokens), SUM(output_tokens), SUM(credits)
     FROM usage_records WHERE workspace_id = $1 GROUP BY workspace_id, project_id, engine, day`,
    [workspaceId],
  );
  await sql.exec("ANALYZE usage_records; ANALYZE usage_daily;");
  const [counts] = await sql.query<{ records: string; daily: string }>(
    `SELECT (SELECT COUNT(*) FROM usage_records WHERE workspace_id = $1)::text AS records,
            (SELECT COUNT(*) FROM usage_daily WHERE workspace_id = $1)::text AS daily`,
    [workspaceId],
  );
  console.log(`  ${Number(counts.records).toLocaleString("en")} records, ${Number(counts.daily).toLocaleString("en")} daily rows (expected ${Math.min(RECORDS, combos).toLocaleString("en")})`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(label: string, workspaceId: string, filter: Parameters<typeof usageOf>[1]) {
  let answer: Awaited<ReturnType<typeof usageOf>> | undefined;
  for (let i = 0; i < WARMUP; i++) answer = await usageOf(workspaceId, filter);
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    answer = await usageOf(workspaceId, filter);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  // The same rows read with raw SQL: how much of the time is the database and how much is the
  // client (Prisma's row mapping, bigint sums, shaping the answer).
  const sqlLatencies: number[] = [];
  const params: unknown[] = [workspaceId, filter.start, filter.end];
  const where = [filter.projectId && `project_id = $${params.push(filter.projectId)}`, filter.engine && `engine = $${params.push(filter.engine)}`].filter(Boolean);
  const statement = `SELECT * FROM usage_daily WHERE workspace_id = $1 AND day BETWEEN $2::date AND $3::date${where.map((w) => ` AND ${w}`).join("")} ORDER BY day, engine, project_id`;
  for (let i = 0; i < WARMUP + RUNS / 4; i++) {
    const started = performance.now();
    await rawSql().query(statement, params);
    if (i >= WARMUP) sqlLatencies.push(performance.now() - started);
  }
  sqlLatencies.sort((a, b) => a - b);
  return {
    filter: label,
    rows: answer!.data.length,
    requests: answer!.totals.requests,
    "json KB": Math.round(JSON.stringify(answer).length / 1024),
    "p50 ms": percentile(latencies, 50).toFixed(2),
    "p95 ms": percentile(latencies, 95).toFixed(2),
    "p99 ms": percentile(latencies, 99).toFixed(2),
    "max ms": latencies[latencies.length - 1].toFixed(2),
    "raw SQL p50 ms": percentile(sqlLatencies, 50).toFixed(2),
  };
}

async function main() {
  console.log(`usage query bench on ${backend}${tempDir ? ` (DATA_DIR ${tempDir})` : ""}, node ${process.version}`);
  await timed("migrate", () => migrate());
  const workspaceId = newId("wsp");
  const projects = Array.from({ length: PROJECTS }, () => newId("prj"));
  await db().workspace.create({ data: { id: workspaceId, name: "usage bench" } });
  await db().project.createMany({ data: projects.map((id, i) => ({ id, workspaceId, name: `bench ${i + 1}` })) });
  const today = new Date().toISOString().slice(0, 10);
  try {
    await timed("fill", () => fill(workspaceId, projects, today));
    const d30 = { start: dayBefore(today, 29), end: today };
    const d366 = { start: dayBefore(today, DAYS - 1), end: today };
    const rows = [];
    rows.push(await measure("30 days", workspaceId, d30));
    rows.push(await measure("366 days", workspaceId, d366));
    rows.push(await measure("30 days, one project", workspaceId, { ...d30, projectId: projects[7] }));
    rows.push(await measure("366 days, one project", workspaceId, { ...d366, projectId: projects[7] }));
    rows.push(await measure("30 days, one engine", workspaceId, { ...d30, engine: "scholar" }));
    rows.push(await measure("366 days, one engine", workspaceId, { ...d366, engine: "scholar" }));
    rows.push(await measure("366 days, project + engine", workspaceId, { ...d366, projectId: projects[7], engine: "scholar" }));
    console.log(`\n${backend}: usageOf, ${RUNS} runs each after ${WARMUP} warm-up runs`);
    console.table(rows);
    console.log(`written to ${saveResults("usage-query", { records: RECORDS, runs: RUNS, rows })}`);
  } finally {
    if (process.env.DATABASE_URL && !process.argv.includes("--keep")) {
      const sql = rawSql();
      await sql.query("DELETE FROM usage_records WHERE workspace_id = $1", [workspaceId]);
      await sql.query("DELETE FROM usage_daily WHERE workspace_id = $1", [workspaceId]);
      await db().workspace.delete({ where: { id: workspaceId } });
    }
    await closeDatabase();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
