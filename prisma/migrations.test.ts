// The migrations: they agree with schema.prisma (a drift fails this test), apply on PGlite and on
// PostgreSQL (when DATABASE_URL is set) from nothing, apply once, and carry the CHECK constraints.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { RawSql } from "@/server/db";
import { applyMigrations, migrationFiles } from "@/server/migrations";
import { schemaDiff } from "@/scripts/schema-diff";

it("schema.prisma and prisma/migrations do not drift apart", () => {
  expect(schemaDiff()).toBe("");
});

type Backend = { name: string; open(): Promise<{ sql: RawSql; close(): Promise<void> }> };

const backends: Backend[] = [
  {
    name: "PGlite",
    async open() {
      const lite = new PGlite();
      return {
        sql: { query: async (q, p = []) => (await lite.query<any>(q, p)).rows, exec: async (s) => void (await lite.exec(s)) },
        close: () => lite.close(),
      };
    },
  },
];

const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  backends.push({
    name: "PostgreSQL",
    async open() {
      const dbName = `sy_migrations_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return {
        sql: { query: async (q, p = []) => (await client.query(q, p)).rows, exec: async (s) => void (await client.query(s)) },
        close: async () => {
          await client.end();
          await admin.query(`DROP DATABASE ${dbName}`);
          await admin.end();
        },
      };
    },
  });
}

describe.each(backends)("migrations on $name", (backend) => {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });

  it("apply from nothing, once, recorded like Prisma records them", async () => {
    const { sql, close } = await backend.open();
    opened.push(close);
    const names = migrationFiles().map((f) => f.name);
    expect(await applyMigrations(sql)).toEqual(names);
    expect(await applyMigrations(sql)).toEqual([]);
    const rows = await sql.query<{ migration_name: string; finished_at: unknown }>(`SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY migration_name`);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);

    // A balance may go below zero (a refunded payment takes its credits back); what is reserved may not.
    await sql.query(`INSERT INTO workspaces (id, name, balance) VALUES ('wsp_check', 'check', 5)`);
    await sql.query(`UPDATE workspaces SET balance = balance - 6 WHERE id = 'wsp_check'`);
    await expect(sql.query(`UPDATE workspaces SET reserved = -1 WHERE id = 'wsp_check'`)).rejects.toThrow(/workspaces_reserved_nonnegative/);
  });

  it("refuse a migration that was edited after it was applied, and roll back a failing one", async () => {
    const { sql, close } = await backend.open();
    opened.push(close);
    const files = migrationFiles();
    await applyMigrations(sql, files);
    const edited = files.map((f, i) => (i === 0 ? { ...f, checksum: "0".repeat(64) } : f));
    await expect(applyMigrations(sql, edited)).rejects.toThrow(/changed after it was applied/);
    const broken = [...files, { name: "99999999999999_broken", sql: "CREATE TABLE half_done (id int);\nSELECT no_such_function();", checksum: "x" }];
    await expect(applyMigrations(sql, broken)).rejects.toThrow(/99999999999999_broken failed/);
    expect(await sql.query(`SELECT to_regclass('half_done') AS t`)).toEqual([{ t: null }]);
    expect(await sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`)).toEqual([]);
  });
});
