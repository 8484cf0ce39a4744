// Prisma CLI configuration. The CLI is used offline only, for `generate` and for diffing the schema
// against the migrations (scripts/new-migration.ts, the drift test); migrations are applied by
// server/db/migrate.ts, never by the CLI.
import { defineConfig } from "prisma/config";
import { scratchDatabaseAdapter } from "./prisma/scratch-adapter";

// The schema names its URL through a variable (a literal URL there draws Prisma's "hardcoding URLs"
// warning on every install). The driver adapter (server/db.ts) supplies the real connection, so the
// CLI only needs the name to resolve; this is the only place it is set.
process.env.PRISMA_SCHEMA_URL ??= "postgresql://localhost/switchyard";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => scratchDatabaseAdapter(),
});
