// Where a benchmark leaves its figures: bench/results/<name>-<backend>.json (gitignored), with the
// machine it ran on, so a table in bench/README.md can always be traced to a run.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";

export const backend = () => (process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? " + Redis" : ""}` : "PGlite");

export function machine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memory_gib: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    load_average_1m: Math.round(loadavg()[0] * 100) / 100,
  };
}

/** Writes the run's figures; returns the file. */
export function saveResults(name: string, figures: unknown): string {
  const dir = join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${backend().startsWith("PGlite") ? "pglite" : "postgresql"}.json`);
  const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);
  writeFileSync(file, JSON.stringify({ bench: name, backend: backend(), at: new Date().toISOString(), machine: machine(), figures }, replacer, 2) + "\n");
  return file;
}
