// Recognising database errors the same way on both back ends. @prisma/adapter-pg (PostgreSQL)
// reports a unique violation as Prisma's P2002; pglite-prisma-adapter 0.6.1 passes the raw
// Postgres error through as a DriverAdapterError with SQLSTATE 23505 instead; the drivers queried
// directly (db.ts rawSql) throw the Postgres error itself, its SQLSTATE as `code`.
import "server-only";
type MaybeDbError = { code?: unknown; name?: unknown; cause?: { kind?: unknown; code?: unknown } };

/** Prisma's code for a violation, or the raw SQLSTATE the embedded adapter passes through. */
function isViolation(error: unknown, prismaCode: string, sqlState: string): boolean {
  const candidate = error as MaybeDbError | null;
  if (!candidate || typeof candidate !== "object") return false;
  if (candidate.code === prismaCode || candidate.code === sqlState) return true;
  return candidate.name === "DriverAdapterError" && candidate.cause?.kind === "postgres" && candidate.cause.code === sqlState;
}

export const isUniqueViolation = (error: unknown) => isViolation(error, "P2002", "23505");

/** A row names another that is gone: it was deleted while the request ran (a race, not a fault of the request). */
export const isForeignKeyViolation = (error: unknown) => isViolation(error, "P2003", "23503") || (error as MaybeDbError | null)?.cause?.kind === "ForeignKeyConstraintViolation";

// The database could not be reached or dropped the connection: SQLSTATE class 08 (connection
// exception), 57P01–57P03 (the server terminated the backend or is shutting down), 53300 (too
// many connections); the Prisma adapter's kinds and codes for the same; the driver's own messages.
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNREACHABLE_PRISMA = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNREACHABLE_SOCKET = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const UNREACHABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|terminating connection due to|Can't reach database server|Server has closed the connection|Connection ended unexpectedly/i;

type Chained = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };

/** Is this error (or one it wraps) the database being unreachable, rather than a fault of the request? */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current = error as Chained | null | undefined;
  for (let depth = 0; current && typeof current === "object" && depth < 6; depth++, current = current.cause as Chained | undefined) {
    const { code, kind, message, originalCode } = current;
    if (typeof code === "string" && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_PRISMA.has(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if (typeof originalCode === "string" && UNREACHABLE_SQLSTATE.test(originalCode)) return true;
    if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * A statement that surely did not run (or ran and was rolled back): the connection was already
 * broken when it was to be sent, or the server terminated the backend (an autocommit statement
 * in progress is rolled back). Safe to send once more on a fresh connection.
 */
export function diedBeforeRunning(error: unknown): boolean {
  const { code, message } = (error ?? {}) as Chained;
  if (typeof code === "string" && /^57P0[123]$/.test(code)) return true;
  return typeof message === "string" && /connection error and is not queryable|Client was closed and is not queryable/.test(message);
}
