// Each database test file starts on a fresh copy of the run's migrated database (test/unit-global-setup.ts):
// on the embedded default a folder of its own, named after its worker, on PostgreSQL its worker's
// database (the worker's files run one after another on it). Its temporary folders (TMPDIR, for it
// and the processes it starts) go in the run's folder too. The run removes them all at its end.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";
import { copyEmbeddedTemplate, copyPostgresTemplate, databaseUrl } from "./test/kits/template-database";

const unitDatabase = inject("unitDatabase");
const worker = process.env.VITEST_POOL_ID ?? "1";

/** The folders of this worker's earlier files, whose processes have ended. */
function removeEndedFolders(root: string): void {
  for (const name of readdirSync(root)) {
    const [label, pid] = name.split("-");
    if (label !== `w${worker}` || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      rmSync(join(root, name), { recursive: true, force: true });
    }
  }
}

removeEndedFolders(unitDatabase.root);
const temporary = join(unitDatabase.root, `w${worker}-${process.pid}-tmp`);
mkdirSync(temporary, { recursive: true });
process.env.TMPDIR = temporary;
if (unitDatabase.kind === "embedded") {
  const dataDir = join(unitDatabase.root, `w${worker}-${process.pid}`);
  copyEmbeddedTemplate(unitDatabase.template, dataDir);
  process.env.DATA_DIR = dataDir;
} else {
  const name = `${unitDatabase.copyPrefix}w${worker}`;
  await copyPostgresTemplate(process.env.DATABASE_URL!, unitDatabase.template, name);
  process.env.DATABASE_URL = databaseUrl(process.env.DATABASE_URL!, name);
}
// At scale every process must be given the shared secrets (server/secrets.ts): tests too.
if (process.env.DATABASE_URL) {
  process.env.KEY_HASH_SECRET ??= "vitest-key-hash-secret-0123456789abcdef";
  process.env.NEXTAUTH_SECRET ??= "vitest-session-secret-0123456789abcdefgh";
}
