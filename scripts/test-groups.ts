// The unit test files in two groups, read from their imports (vitest.config.ts):
// - back end: the file reaches the database, Redis or the data folder (server/db.ts, server/redis.ts,
//   server/secrets.ts), names their settings, or starts a process of its own. It runs on each back
//   end, in a process of its own.
// - pure: the rest. They run once (on the embedded half of CI), several to a process.
// A file is back end as soon as anything it imports, however indirectly, is; when in doubt a file
// is back end (it then runs twice), never pure.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
// The database, Redis, and the secrets kept in DATA_DIR (a file of the data folder).
const BACK_END_MODULES = new Set(["server/db.ts", "server/redis.ts", "server/secrets.ts"]);
/** What in a test's own text (or a test kit's) makes it reach a back end without importing one. */
const BACK_END_TEXT = /\b(DATABASE_URL|REDIS_URL|DATA_DIR)\b|node:child_process|from "pg"|@electric-sql\/pglite|ioredis/;
const IMPORT = /(?:^|[^\w.])(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;
const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", "/index.ts", "/index.tsx"];

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null; // a package: neither of ours
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

const reaches = new Map<string, boolean>();

function reachesBackEnd(file: string, visiting = new Set<string>()): boolean {
  const known = reaches.get(file);
  if (known !== undefined) return known;
  if (visiting.has(file)) return false; // a cycle: decided by the rest of the graph
  visiting.add(file);
  const text = readFileSync(file, "utf8");
  const path = relative(ROOT, file);
  const testCode = path.endsWith(".test.ts") || path.startsWith("test/");
  let found = BACK_END_MODULES.has(path) || (testCode && BACK_END_TEXT.test(text));
  if (!found) {
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      if (target && reachesBackEnd(target, visiting)) {
        found = true;
        break;
      }
    }
  }
  visiting.delete(file);
  // Only a definite answer is kept: "no" inside a cycle may still turn into "yes".
  if (found || visiting.size === 0) reaches.set(file, found);
  return found;
}

/** The `*.test.ts` files under `folders`, split into those that reach a back end and the pure rest. */
export function testGroups(folders: string[]): { backEnd: string[]; pure: string[] } {
  const files = folders
    .flatMap((folder) => readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).map((name) => join(folder, name)))
    .filter((file) => file.endsWith(".test.ts") && !file.includes("node_modules"))
    .sort();
  const backEnd: string[] = [];
  const pure: string[] = [];
  for (const file of files) (reachesBackEnd(join(ROOT, file)) ? backEnd : pure).push(file);
  return { backEnd, pure };
}
