// `npm start`: build when the sources changed, bring the database up to date, seed the demo
// workspace once, print how to use it, then serve on PORT.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const root = process.cwd();
const SOURCES = ["app", "server", "components", "prisma", "public", "instrumentation.ts", "next.config.mjs", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];

function sourceHash(): string {
  const hash = createHash("sha256");
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else {
      hash.update(path).update(readFileSync(path));
    }
  };
  for (const source of SOURCES) walk(join(root, source));
  return hash.digest("hex");
}

const stamp = join(root, ".next", "source-hash");
const hash = sourceHash();
if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== hash) {
  console.log("Building the app (first run or changed sources)...");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, hash);
}

// Database work happens here, before the server opens the (single-process) embedded database.
const { migrate } = await import("@/server/migrations");
const { closeDatabase } = await import("@/server/db");
const { env } = await import("@/server/env");
const { seed, describeSeed } = await import("../prisma/seed");
await migrate();
const seeded = await seed();
await closeDatabase();

const server = spawn("npx", ["next", "start", "-p", String(env.PORT)], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" },
});
console.log(`\n${describeSeed(seeded, env.PORT)}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
