// Reservations under contention: many concurrent reserve → settle pairs on ONE workspace (every
// one of them locks the same row), until its balance runs out. Reports reservations/s and proves
// the books: nothing overdrawn, nothing left reserved, Σ ledger = balance, charges = successes.
// Prints a table and writes bench/results/reservations-<backend>.json.
//   npx tsx --import ./scripts/server-only.mjs bench/reservations.ts                       embedded PGlite in a temporary DATA_DIR
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/sy_bench npx tsx --import ./scripts/server-only.mjs bench/reservations.ts
// Options: --attempts=5000 --concurrency=100 (the balance pays for half the attempts);
//   --per-request: one reservation row per pair (reservations.ts) instead of the credit leases
//   generations hold their credits with (leases.ts)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backend, saveResults } from "./results";

const option = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ATTEMPTS = option("attempts", 5000);
const CONCURRENCY = option("concurrency", 100);
const HOLD = 10_000n; // µcr reserved per attempt (the worst case)
const CHARGE = 7_000n; // µcr settled per attempt (the actual)

const tempDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), "switchyard-bench-reservations-"));
if (tempDir) process.env.DATA_DIR = tempDir;
process.env.LOG_LEVEL ??= "warn";

const PER_REQUEST = process.argv.includes("--per-request");
const { reserve, settle } = await import("../server/billing/reservations");
const { creditLeases } = await import("../server/billing/leases");
const { AppError } = await import("../server/errors");
const { closeDatabase, db } = await import("../server/db");
const { newWorkspace, books } = await import("../test/kits/workspaces");

const initial = CHARGE * BigInt(Math.floor(ATTEMPTS / 2));
const { workspaceId, projectId } = await newWorkspace(initial);
let settled = 0;
let refused = 0;
let failed = 0;
let charged = 0n;
let lowest = initial;
let next = 0;
const latencies: number[] = [];

async function worker() {
  while (next < ATTEMPTS) {
    next++;
    const started = performance.now();
    try {
      const usage = { projectId, engine: "scholar", inputTokens: 10, outputTokens: 10, resource: `gen_bench${next}`, description: "bench generation" };
      const done = PER_REQUEST
        ? await settle(await reserve(workspaceId, HOLD, 60), CHARGE, usage)
        : await creditLeases.settle(await creditLeases.hold(workspaceId, HOLD, 60), CHARGE, usage);
      charged += done.charged;
      settled++;
    } catch (error) {
      if (error instanceof AppError && error.code === "insufficient_credits") refused++;
      else {
        failed++;
        if (failed <= 3) console.error(error);
      }
    }
    latencies.push(performance.now() - started);
  }
}

// Watches the balance while the run goes: it must never dip below zero.
let watching = true;
const watcher = (async () => {
  while (watching) {
    const { balance } = await books(workspaceId);
    if (balance < lowest) lowest = balance;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();

console.log(`reservations bench on ${backend()}, ${PER_REQUEST ? "a reservation per pair" : "credit leases"}: ${ATTEMPTS} attempts, ${CONCURRENCY} at once, one workspace holding ${initial} µcr`);
const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const seconds = (performance.now() - started) / 1000;
watching = false;
await watcher;

const after = await books(workspaceId);
const charges = await db().ledgerEntry.count({ where: { workspaceId, kind: "charge" } });
const open = await db().reservation.count({ where: { workspaceId, status: "held" } });
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.max(0, Math.ceil((p / 100) * latencies.length) - 1)].toFixed(1);
const overdraft = after.balance < 0n || lowest < 0n || charged > initial;
const figures = {
  holds: PER_REQUEST ? "per request" : "leases",
  attempts: ATTEMPTS,
  concurrency: CONCURRENCY,
  seconds: Number(seconds.toFixed(2)),
  "reserve+settle /s": Number((settled / seconds).toFixed(0)),
  "attempts /s": Number((ATTEMPTS / seconds).toFixed(0)),
  settled,
  refused,
  errors: failed,
  "p50 ms": Number(pct(50)),
  "p95 ms": Number(pct(95)),
  "final balance µcr": after.balance,
  "lowest balance µcr": lowest,
  reserved: after.reserved,
  overdraft: overdraft ? "YES" : "0",
  "books whole": after.ledger === after.balance && after.balance === initial - charged && charges === settled && open === 0,
};
console.table([figures]);
console.log(`written to ${saveResults("reservations", figures)}`);
await db().workspace.delete({ where: { id: workspaceId } });
await closeDatabase();
if (tempDir) rmSync(tempDir, { recursive: true, force: true });
process.exit(overdraft || !figures["books whole"] ? 1 : 0);
