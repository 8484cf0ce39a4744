// The PostgreSQL connection pool, made to ride out connections that die (a restarted or failed-over
// server, an operator's pg_terminate_backend, a proxy's idle cut): a connection that breaks while
// idle or in use is dropped from the pool (never an unhandled 'error' that would crash the process), a new
// connection that cannot be made within DATABASE_CONNECT_TIMEOUT_MS fails (503, never a hang),
// and a statement that failed because its connection was already dead is sent once more on a
// fresh one. Whatever still fails reaches the caller; the doors answer 503 service_unavailable
// (server/wire/handle-error.ts).
import "server-only";
import pg from "pg";
import { diedBeforeRunning } from "./db-errors";
import { env } from "./env";
import { log } from "./log";

export function databasePool(url: string, options: { max?: number; connectTimeoutMs?: number; pipeline?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    // pg's pipeline mode: queued statements are sent at once, each answered in turn.
    ...(options.pipeline ? { pipeline: true } : {}),
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? env.DATABASE_CONNECT_TIMEOUT_MS,
  });
  pool.on("error", (err) => log.warn({ err: err.message }, "database connection lost while idle; the pool replaces it"));
  // A connection that dies while checked out (between the statements of a transaction) says so on
  // its own client; the statement that uses it next fails, and its release drops it.
  pool.on("connect", (client) => client.on("error", (err) => log.warn({ err: err.message }, "database connection lost while in use")));
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  // Promise form only (the callback form is not used here): retried once when the statement never ran.
  pool.query = (async (...args: unknown[]) => {
    try {
      return await query(...args);
    } catch (error) {
      if (!diedBeforeRunning(error)) throw error;
      log.warn({ err: (error as Error).message }, "statement on a dead database connection: sent again on a fresh one");
      return query(...args);
    }
  }) as typeof pool.query;
  return pool;
}
