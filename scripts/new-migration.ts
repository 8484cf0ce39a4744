// `npm run db:new-migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
// with the SQL that takes the existing migrations to schema.prisma (offline: Prisma diffs against
// an in-memory PGlite). Hand-written SQL Prisma cannot express (CHECK constraints, partial
// indexes) may be appended to the file before it is committed.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { schemaDiff } from "./schema-diff";

const name = process.argv.slice(2).join("_").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}
const sql = schemaDiff();
if (!sql) {
  console.log("schema.prisma and the migrations agree: nothing to write.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql:\n\n${sql}`);
