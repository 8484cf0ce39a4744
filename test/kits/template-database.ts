// Migrate once, copy many: the test runs migrate one database (an embedded folder, or a PostgreSQL
// database) and give each unit test file, and each end-to-end spec's own server, a copy of it.
// A fresh database with every migration applied is what a file got before, without running initdb
// and every migration again for each (most of a database test file's time).
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import type { RawSql } from "../../server/db";

// The embedded database and the migrations load only where a template is made (not in every
// process that copies one).
const loadMigrations = () => import("../../server/migrations");

/** The embedded database's own folder inside a DATA_DIR (server/db.ts opens it there). */
export const PGLITE_FOLDER = "pglite";

/** Folders 0700 and files 0600 below `folder`, as the server leaves its database (server/db.ts): copies keep them. */
function closeUp(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) closeUp(join(folder, entry.name));
    else if (entry.isFile()) chmodSync(join(folder, entry.name), 0o600);
  }
}

/** Creates a migrated embedded database in `dataDir` (a DATA_DIR: its database folder goes inside). */
export async function migrateEmbeddedTemplate(dataDir: string): Promise<void> {
  const [{ PGlite }, { applyMigrations }] = await Promise.all([import("@electric-sql/pglite"), loadMigrations()]);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lite = new PGlite({ dataDir: join(dataDir, PGLITE_FOLDER) });
  try {
    const sql: RawSql = {
      query: async <T,>(statement: string, params: unknown[] = []) => (await lite.query<T>(statement, params)).rows,
      exec: async (script: string) => void (await lite.exec(script)),
    };
    await applyMigrations(sql);
  } finally {
    await lite.close();
  }
  closeUp(join(dataDir, PGLITE_FOLDER));
}

/** Copies the template's database into the DATA_DIR `dataDir` (created 0700, as the server makes it). */
export function copyEmbeddedTemplate(templateDir: string, dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (existsSync(join(templateDir, PGLITE_FOLDER))) cpSync(join(templateDir, PGLITE_FOLDER), join(dataDir, PGLITE_FOLDER), { recursive: true });
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** A database name derived from the one in `url` (kept within PostgreSQL's 63 characters). */
export function derivedName(url: string, suffix: string): string {
  const base = new URL(url).pathname.slice(1).replace(/\W/g, "_") || "sy";
  return `${base.slice(0, 63 - suffix.length - 1)}_${suffix}`;
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the PostgreSQL database `name` (dropped first if it exists) and migrates it; nothing stays connected to it. */
export async function migratePostgresTemplate(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const { applyMigrations } = await loadMigrations();
  await onServer(databaseUrl(serverUrl, name), (client) =>
    applyMigrations({
      query: async <T,>(statement: string, params: unknown[] = []) => (await client.query(statement, params)).rows as T[],
      exec: async (script: string) => void (await client.query(script)),
    }),
  );
}

/** Creates the PostgreSQL database `name` as a copy of `template` unless it exists. */
export async function copyPostgresTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  await onServer(serverUrl, async (admin) => {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  });
}

/** Drops every database whose name starts with `prefix` (the template and its copies). */
export async function dropDatabases(serverUrl: string, prefix: string): Promise<void> {
  await onServer(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
