// vitest's global setup: one migrated database for the whole run (test/kits/template-database.ts),
// copied per test file (embedded: a folder under this run's own temporary folder) or per worker
// (PostgreSQL: `CREATE DATABASE … TEMPLATE`). All of it is removed when the run ends.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { derivedName, dropDatabases, migrateEmbeddedTemplate, migratePostgresTemplate } from "./kits/template-database";

/** What each test file's setup (vitest.setup.ts) copies its database from. */
export type UnitDatabase = { kind: "embedded"; root: string; template: string } | { kind: "postgres"; root: string; template: string; copyPrefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    unitDatabase: UnitDatabase;
  }
}

const RUN_FOLDER_PREFIX = "switchyard-unit-";

/** Run folders of runs that ended without their teardown (killed): their process is gone. */
function removeAbandonedRunFolders(): void {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.slice(RUN_FOLDER_PREFIX.length).split("-")[0]);
    if (!name.startsWith(RUN_FOLDER_PREFIX) || !Number.isInteger(pid)) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") rmSync(join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  removeAbandonedRunFolders();
  // The run's folder: the embedded databases, and every file's temporary folders (vitest.setup.ts).
  const root = mkdtempSync(join(tmpdir(), `${RUN_FOLDER_PREFIX}${process.pid}-`));
  const removeRoot = () => rmSync(root, { recursive: true, force: true });
  if (serverUrl) {
    const copyPrefix = derivedName(serverUrl, "unit_");
    const template = `${copyPrefix}template`;
    await dropDatabases(serverUrl, copyPrefix);
    await migratePostgresTemplate(serverUrl, template);
    project.provide("unitDatabase", { kind: "postgres", root, template, copyPrefix });
    return async () => {
      await dropDatabases(serverUrl, copyPrefix);
      removeRoot();
    };
  }
  const template = join(root, "template");
  await migrateEmbeddedTemplate(template);
  project.provide("unitDatabase", { kind: "embedded", root, template });
  return removeRoot;
}
