// Applies prisma/migrations/*/migration.sql in order, recording them in Prisma's own
// `_prisma_migrations` table so the Prisma CLI agrees about what is applied. The same SQL runs on
// PGlite and PostgreSQL, offline. On PostgreSQL an advisory lock lets any number of replicas start
// at once; each migration runs in its own transaction.
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { closeUpDatabaseFiles, withSession, type RawSql } from "./db";

const LOCK_ID = 72707369; // arbitrary, fixed: the advisory lock of our migrations

export type MigrationFile = { name: string; sql: string; checksum: string };

export function migrationFiles(dir = join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations")): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const createTable = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies what is not applied yet; returns the names it applied. */
export async function applyMigrations(sql: RawSql, files = migrationFiles()): Promise<string[]> {
  await sql.exec(createTable);
  await sql.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
  try {
    const rows = await sql.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const file of files) {
      const known = applied.get(file.name);
      if (known) {
        if (known !== file.checksum) {
          throw new Error(`Migration ${file.name} was changed after it was applied; add a new migration instead.`);
        }
        continue;
      }
      const id = randomUUID();
      // One script: the migration and its record commit together or not at all.
      await sql.exec(
        `BEGIN;\n${file.sql}\n;INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) ` +
          `VALUES ('${id}', '${file.checksum}', now(), '${file.name.replace(/'/g, "''")}', 1);\nCOMMIT;`,
      ).catch(async (error: unknown) => {
        await sql.exec("ROLLBACK").catch(() => undefined);
        throw new Error(`Migration ${file.name} failed: ${(error as Error).message}`);
      });
      done.push(file.name);
    }
    return done;
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]);
  }
}

/** Brings the schema up to date; safe to call from every replica at once. */
export async function migrate(): Promise<string[]> {
  const applied = await withSession((sql) => applyMigrations(sql));
  closeUpDatabaseFiles();
  return applied;
}
