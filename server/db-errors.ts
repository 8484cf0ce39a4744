// Recognising database errors the same way on both back ends. @prisma/adapter-pg (PostgreSQL)
// reports a unique violation as Prisma's P2002; pglite-prisma-adapter 0.6.1 passes the raw
// Postgres error through as a DriverAdapterError with SQLSTATE 23505 instead.
type MaybeDbError = { code?: unknown; name?: unknown; cause?: { kind?: unknown; code?: unknown } };

export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as MaybeDbError | null;
  if (!candidate || typeof candidate !== "object") return false;
  if (candidate.code === "P2002") return true;
  return candidate.name === "DriverAdapterError" && candidate.cause?.kind === "postgres" && candidate.cause.code === "23505";
}
