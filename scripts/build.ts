// Builds the app when its sources changed since the last build (a hash of them is kept in .next).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "server", "components", "prisma", "public", "instrumentation.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function sourceHash(root: string): string {
  const hash = createHash("sha256");
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (!path.endsWith(".test.ts")) {
      hash.update(path).update(readFileSync(path));
    }
  };
  for (const source of SOURCES) walk(join(root, source));
  return hash.digest("hex");
}

export function buildIfChanged(root = process.cwd()): void {
  const stamp = join(root, ".next", "source-hash");
  const hash = sourceHash(root);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === hash) return;
  console.log("Building the app (first run or changed sources)...");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  writeFileSync(stamp, hash);
}
