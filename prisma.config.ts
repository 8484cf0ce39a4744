// Prisma CLI configuration. The CLI is used offline only, for `generate` and for diffing the schema
// against the migrations (scripts/new-migration.ts, the drift test); migrations are applied by
// server/db/migrate.ts, never by the CLI.
import { defineConfig } from "prisma/config";
import { scratchDatabaseAdapter } from "./prisma/scratch-adapter";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => scratchDatabaseAdapter(),
});
