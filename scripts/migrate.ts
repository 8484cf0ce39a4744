// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { closeDatabase } from "@/server/db";
import { migrate } from "@/server/migrations";

const applied = await migrate();
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
await closeDatabase();
process.exit(0);
