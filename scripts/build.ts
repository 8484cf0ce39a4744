// Builds the app when its sources changed since the last build (a hash of them is kept in .next).
import { spawn, spawnSync } from "node:child_process";
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

const stampOf = (root: string) => join(root, ".next", "source-hash");
const buildEnv = () => ({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" });

/** The sources' hash when they changed since the last build (a build is due), else null. */
export function buildDue(root = process.cwd()): string | null {
  const stamp = stampOf(root);
  const hash = sourceHash(root);
  return existsSync(stamp) && readFileSync(stamp, "utf8") === hash ? null : hash;
}

export function buildIfChanged(root = process.cwd()): void {
  const hash = buildDue(root);
  if (!hash) return;
  console.log("Building the app (first run or changed sources)...");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: buildEnv() });
  if (build.status !== 0) throw new Error(`next build failed (exit ${build.status})`);
  writeFileSync(stampOf(root), hash);
}

/**
 * The build for `npm start`: Next's own output passed through as it comes (`heard` is told of each
 * piece, so the start's watcher knows the terminal is not silent), the stamp written on success.
 */
export async function buildPassingOutput(hash: string, heard: () => void, root = process.cwd()): Promise<void> {
  const nextBin = join(root, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: buildEnv() });
  const pass = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    to.write(chunk);
    heard();
  };
  child.stdout.on("data", pass(process.stdout));
  child.stderr.on("data", pass(process.stderr));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (status !== 0) throw new Error(`next build failed (exit ${status})`);
  writeFileSync(stampOf(root), hash);
}
