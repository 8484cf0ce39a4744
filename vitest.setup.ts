// Database tests run on PostgreSQL when DATABASE_URL is set, else on an embedded PGlite folder
// of their own per worker process (PGlite is one process, one connection).
import { tmpdir } from "node:os";
import { join } from "node:path";

if (!process.env.DATABASE_URL) process.env.DATA_DIR = join(tmpdir(), `switchyard-vitest-${process.pid}`);
