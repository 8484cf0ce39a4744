// The SQL that would take prisma/migrations to prisma/schema.prisma, or "" when they agree.
import { spawnSync } from "node:child_process";

export function schemaDiff(): string {
  const result = spawnSync(
    "npx",
    ["prisma", "migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
    { encoding: "utf8", env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" } },
  );
  if (result.status !== 0) throw new Error(`prisma migrate diff failed: ${result.stderr || result.stdout}`);
  const sql = result.stdout.trim();
  return sql === "" || sql.includes("This is an empty migration.") ? "" : sql + "\n";
}
