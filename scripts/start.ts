// `npm start`: build when the sources changed, bring the database up to date, seed the demo
// workspace once, print how to use it, then serve on PORT. npm runs this file with `exec` (no shell
// in between), so SIGTERM and SIGINT reach it; it passes them on to the server and exits with it.
import { buildIfChanged } from "./build";
import { spawnServer } from "./server-process";

buildIfChanged();

// Database work happens here, before the server opens the (single-process) embedded database.
const { migrate } = await import("@/server/migrations");
const { closeDatabase } = await import("@/server/db");
const { env } = await import("@/server/env");
const { seed, describeSeed } = await import("../prisma/seed");
await migrate();
const seeded = await seed();
await closeDatabase();

const server = spawnServer({ port: env.PORT });
console.log(`\n${describeSeed(seeded, env.PORT)}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
