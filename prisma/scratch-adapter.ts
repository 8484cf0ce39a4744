// An in-memory PGlite database for the Prisma CLI's schema engine, with two fixes for
// pglite-prisma-adapter 0.6.1 in migration mode: multi-statement scripts go through the simple
// query protocol (the engine would send them as one prepared statement), and `executeScript`
// awaits its result (the adapter drops the promise, so a failing script looked applied).
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

function patch<T extends { executeScript(script: string): Promise<void>; executeRaw: unknown }>(
  adapter: T,
  db: PGlite,
): T {
  const executeRaw = (adapter.executeRaw as (q: { sql: string; args: unknown[] }) => Promise<number>).bind(adapter);
  Object.assign(adapter, {
    executeScript: async (script: string) => {
      await db.exec(script);
    },
    executeRaw: async (query: { sql: string; args: unknown[] }) => {
      if (query.args.length === 0 && query.sql.includes(";")) {
        const results = await db.exec(query.sql);
        return results.reduce((n, r) => n + (r.affectedRows ?? 0), 0);
      }
      return executeRaw(query);
    },
  });
  return adapter;
}

export function scratchDatabaseAdapter(): SqlMigrationAwareDriverAdapterFactory {
  const main = new PGlite();
  const factory = new PrismaPGlite(main);
  return {
    provider: "postgres",
    adapterName: factory.adapterName,
    connect: async () => patch(await factory.connect(), main),
    connectToShadowDb: async () => {
      const shadow = new PGlite();
      return patch(await new PrismaPGlite(shadow).connect(), shadow);
    },
  } as unknown as SqlMigrationAwareDriverAdapterFactory;
}
