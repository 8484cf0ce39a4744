// `npm start`: bring the database up to date, build when the sources changed, seed the demo
// workspace once, then serve on PORT and print how to use it. Each phase says what it does and how
// long it usually takes (start-phases.ts; the README's "Run it" gives the same times). npm runs this
// file with `exec` (no shell in between), so SIGTERM and SIGINT reach it; it passes them on to the
// server and exits with it.
import { buildDue, buildPassingOutput } from "./build";
import { spawnServer, waitUntilServing } from "./server-process";
import { runPhase } from "./start-phases";

const PHASES = 4;

// Database work happens first, before the server opens the (single-process) embedded database.
const { env, embedded } = await import("@/server/env");
const { closeDatabase } = await import("@/server/db");
const where = embedded ? `the embedded PostgreSQL in ${env.DATA_DIR}` : "the PostgreSQL of DATABASE_URL";
await runPhase(1, PHASES, { title: "Migrating the database", what: `applying new schema migrations to ${where}`, usually: "20-60 s the first time, 3 s after" }, async () => {
  const { migrate } = await import("@/server/migrations");
  const applied = await migrate();
  console.log(`  ${applied.length === 0 ? "already up to date" : `${applied.length} migration${applied.length === 1 ? "" : "s"} applied`}`);
});

const hash = buildDue();
if (hash) {
  await runPhase(2, PHASES, { title: "Building the app", what: "a production build of the console, the APIs and /docs (first start, or the sources changed); Next's own progress follows", usually: "5-15 min on a 2-core machine, the longer when it is busy" }, (heard) => buildPassingOutput(hash, heard));
} else {
  console.log(`\n[2/${PHASES}] Building the app: already built for these sources, skipped`);
}

const { seed, describeSeed } = await import("../prisma/seed");
const seeded = await runPhase(3, PHASES, { title: "Seeding the demo workspace", what: "a console login, 100 credits and two API keys, made once", usually: "1-5 s" }, async () => {
  const result = await seed();
  console.log(`  ${result.created ? "demo workspace created" : result.reason === "seeded before" ? "seeded before, nothing to do" : "not on this database (SEED_DEMO=true to have one)"}`);
  return result;
});
await closeDatabase();

const server = spawnServer({ port: env.PORT });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
await runPhase(4, PHASES, { title: "Starting the server", what: `next start on port ${env.PORT}`, usually: "5-20 s" }, () =>
  waitUntilServing(`http://127.0.0.1:${env.PORT}`, server, 180_000),
);
console.log(`\n${describeSeed(seeded, env.PORT)}\n`);
