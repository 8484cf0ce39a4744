// What the generation benchmarks stand on: a fake upstream process serving one OpenAI-compatible
// family for scholar, and a scale-tier workspace with plenty of credits and a few keys, made before
// the server opens the database (PGlite has one owner at a time).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

/** A scratch folder (the embedded database lives there unless DATABASE_URL is set) and quiet logs. */
export function benchFolder(label: string): string {
  const work = mkdtempSync(join(tmpdir(), `switchyard-bench-${label}-`));
  if (!process.env.DATABASE_URL) process.env.DATA_DIR = join(work, "data");
  process.env.KEY_HASH_SECRET ??= randomBytes(32).toString("hex");
  process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
  process.env.LOG_LEVEL = "warn";
  return work;
}

export type BenchUpstream = { url: string; process: ChildProcess };

/** Starts the fake upstream (port 0 = any free port) and resolves once it prints its address. */
export async function startBenchUpstream(port: number): Promise<BenchUpstream> {
  const child = spawn(join("node_modules", ".bin", "tsx"), ["--import", "./scripts/server-only.mjs", "e2e/fixtures/fake-upstream.ts", "--port", String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", (line) => resolve(line.match(/http:\/\/\S+/)![0])));
  return { url, process: child };
}

/** Routes scholar (completions and code) to one family on the fake upstream, for the server to come. */
export function useBenchFamily(work: string, upstream: string, timeouts: { connect_ms: number; first_token_ms: number; idle_ms: number }, inProcess = false): void {
  const file = join(work, "families.json");
  const models = { standard: { name: "bench-model", context_window: 128000 } };
  // `inProcess`: the built-in sandbox, unpaced, in place of the upstream call (the ablation's `upstream`).
  const family = inProcess ? { id: "bench", adapter: "sandbox", pacing_ms: 0, models } : { id: "bench", adapter: "openai", base_url: `${upstream}/bench/v1`, timeouts, models };
  const rule = [{ label: "bench engine", chain: ["bench/standard"] }];
  writeFileSync(file, JSON.stringify({ families: [family], routes: { scholar: { completions: rule, code: rule } } }));
  process.env.MODEL_FAMILIES_FILE = file;
}

/** A scale-tier workspace with a million credits and `keys` read_write keys; closes the database after. */
export async function benchWorkspace(label: string, keys: number): Promise<{ workspaceId: string; keys: string[] }> {
  const { migrate } = await import("../server/migrations");
  const { signUp } = await import("../server/accounts/service");
  const { addCredits } = await import("../server/billing/ledger");
  const { createKey } = await import("../server/keys/service");
  const { projectActor } = await import("../server/projects/service");
  const { setTier } = await import("../server/workspaces/service");
  const { cliOperator } = await import("../server/audit/service");
  const { closeDatabase } = await import("../server/db");
  await migrate();
  const account = await signUp({ email: `${label}-${Date.now()}@bench.test`, password: `bench-password-${label}`, name: "Bench" }, { emailVerified: true });
  await setTier(account.workspaceId, "scale", cliOperator);
  await addCredits(account.workspaceId, 1_000_000_000_000n);
  const actor = await projectActor(account.projectId);
  const made: string[] = [];
  for (let i = 0; i < keys; i++) made.push((await createKey(actor, { name: `${label} ${i}`, scope: "read_write" })).key);
  await closeDatabase();
  return { workspaceId: account.workspaceId, keys: made };
}
