// The database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Opened lazily on first use (never at import: `next build` imports every route module) and kept
// on globalThis so that dev reloads and the several bundles of one process share one connection.
import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { databasePool } from "./database-pool";
import { env } from "./env";
import { log } from "./log";
import { currentRequest } from "./request-context";

/** Raw SQL for what Prisma cannot say (migrations, conditional updates, locks). */
export type RawSql = {
  /**
   * One statement. A `name` makes it a prepared statement on PostgreSQL (parsed and planned once
   * per connection, then only bound and run): for the hot path's fixed statements.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs a multi-statement script in one go. */
  exec(script: string): Promise<void>;
};

function countingClient(adapter: SqlDriverAdapterFactory) {
  return new PrismaClient({
    adapter,
    // PGlite serves every query on one connection: transactions may wait their turn under load.
    transactionOptions: { maxWait: 15_000, timeout: 20_000 },
  }).$extends({
    query: {
      async $allOperations({ args, query }) {
        const request = currentRequest();
        if (request) request.dbOperations++;
        return query(args);
      },
    },
  });
}

export type Db = ReturnType<typeof countingClient>;
/** The client inside an interactive transaction. */
export type Tx = Parameters<Extract<Parameters<Db["$transaction"]>[0], (...args: never[]) => unknown>>[0];
type Database = {
  /** PostgreSQL's pool (absent on the embedded database). */
  pool?: pg.Pool;
  prisma: Db;
  raw: RawSql;
  /** Runs fn on one connection (session-level locks need it; PGlite has only one). */
  session<T>(fn: (sql: RawSql) => Promise<T>): Promise<T>;
  /**
   * Runs fn on one connection that sends each statement at once, without waiting for the answer
   * to the one before (PostgreSQL's pipeline mode; PGlite has one connection and no round trip).
   */
  pipelined<T>(fn: (sql: RawSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * The embedded database's folder holds password hashes: readable by this user only. Files the
 * process creates from here on get no group or other bits (umask 077), and a folder left open
 * by an earlier version is closed up.
 */
export function privateDataDir(): string {
  process.umask(0o077);
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  chmodSync(env.DATA_DIR, 0o700);
  return env.DATA_DIR;
}

/**
 * The embedded PostgreSQL writes its files 0666 whatever the umask: behind the 0700 folders no one
 * else can reach them, but a copied or re-permissioned folder would hand them out. After opening,
 * migrating and closing, its files are made 0600 and its folders 0700.
 */
function closeUpFolder(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    try {
      if (entry.isDirectory()) {
        chmodSync(path, 0o700);
        closeUpFolder(path);
      } else if (entry.isFile()) chmodSync(path, 0o600);
    } catch (error) {
      // A file the database removed meanwhile (a temporary one) needs nothing.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Closes up the embedded database's files (after migrations have added some); nothing at scale. */
export function closeUpDatabaseFiles(): void {
  if (!env.DATABASE_URL) closeUpFolder(join(privateDataDir(), "pglite"));
}

/**
 * The embedded database is one process's (two PGlite instances on one folder would each write
 * their own copy): the process that opens it leaves its pid here, so that the admin CLI can refuse
 * to open the folder of a running app instead of writing to a copy the app never reads.
 */
const ownerFile = () => join(env.DATA_DIR, "pglite.pid");

/** The pid of another live process that has the embedded database open, or null. */
export function embeddedDatabaseOwner(): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(ownerFile(), "utf8"));
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null; // EPERM: alive, another user's
  }
}

function openPglite(): Database {
  const dataDir = join(privateDataDir(), "pglite");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(ownerFile(), String(process.pid), { mode: 0o600 });
  const lite = new PGlite({
    dataDir,
    // Reopening a folder that was not closed cleanly otherwise starts a 10 s progress timer forever.
    startParams: [...PGlite.defaultStartParams, "-c", "log_startup_progress_interval=0"],
  });
  void lite.waitReady.then(() => closeUpFolder(dataDir)).catch((error: unknown) => log.error({ err: error }, "could not close up the database files"));
  // pglite-prisma-adapter 0.6.1 types against driver-adapter-utils 6.10; it never reads the field
  // that changed (argTypes), so this one cast is safe.
  const adapter = new PrismaPGlite(lite) as unknown as SqlDriverAdapterFactory;
  const prisma = countingClient(adapter);
  const raw: RawSql = {
    query: async <T,>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows,
    exec: async (script: string) => {
      await lite.exec(script);
    },
  };
  return {
    prisma,
    raw,
    session: (fn) => fn(raw),
    pipelined: (fn) => fn(raw),
    close: async () => {
      await prisma.$disconnect();
      await lite.close();
      closeUpFolder(dataDir);
      if (embeddedDatabaseOwner() === null) rmSync(ownerFile(), { force: true });
    },
  };
}

function openPostgres(url: string): Database {
  const pool = databasePool(url);
  const prisma = countingClient(new PrismaPg(pool));
  const over = (client: pg.Pool | pg.PoolClient): RawSql => ({
    query: async <T,>(sql: string, params: unknown[] = [], name?: string) =>
      (await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as T[],
    exec: async (script: string) => {
      await client.query(script);
    },
  });
  // Connections in pipeline mode, apart: only a caller that sends a whole transaction at once
  // (group-commit.ts) takes one. Opened on first use.
  let pipelinePool: pg.Pool | undefined;
  const on = async <T,>(from: pg.Pool, fn: (sql: RawSql) => Promise<T>): Promise<T> => {
    const client = await from.connect();
    try {
      return await fn(over(client));
    } finally {
      client.release();
    }
  };
  return {
    pool,
    prisma,
    raw: over(pool),
    session: (fn) => on(pool, fn),
    pipelined: (fn) => on((pipelinePool ??= databasePool(url, { pipeline: true })), fn),
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([pool.end(), pipelinePool?.end()]);
    },
  };
}

const holder = globalThis as unknown as { switchyardDatabase?: Database };

function database(): Database {
  holder.switchyardDatabase ??= env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite();
  return holder.switchyardDatabase;
}

/** The Prisma client, opened on first use. */
export const db = (): Db => database().prisma;
export const rawSql = (): RawSql => database().raw;

/**
 * A statement of the hot path, straight to the driver (no ORM query planning per call), prepared
 * once per connection under `name`, and counted like every query of the request.
 */
export function hotQuery<T>(name: string, statement: { text: string; values: unknown[] }): Promise<T[]> {
  const request = currentRequest();
  if (request) request.dbOperations++;
  return database().raw.query<T>(statement.text, statement.values, name);
}
export const withSession = <T,>(fn: (sql: RawSql) => Promise<T>): Promise<T> => database().session(fn);
/** Like withSession, on a connection that sends each statement without waiting for the answer to the one before. */
export const withPipeline = <T,>(fn: (sql: RawSql) => Promise<T>): Promise<T> => database().pipelined(fn);

export async function closeDatabase(): Promise<void> {
  const open = holder.switchyardDatabase;
  holder.switchyardDatabase = undefined;
  await open?.close();
}

/** Connections of the PostgreSQL pool by state, or null (embedded, or not opened yet). */
export function databasePoolUse(): { total: number; idle: number; waiting: number } | null {
  const pool = holder.switchyardDatabase?.pool;
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
}
