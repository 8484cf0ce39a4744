// Database tests run on PostgreSQL when DATABASE_URL is set, else on an embedded PGlite folder
// of their own per worker process (PGlite is one process, one connection).
import { tmpdir } from "node:os";
import { join } from "node:path";

if (!process.env.DATABASE_URL) process.env.DATA_DIR = join(tmpdir(), `switchyard-vitest-${process.pid}`);
// At scale every process must be given the shared secrets (server/secrets.ts): tests too.
if (process.env.DATABASE_URL) {
  process.env.KEY_HASH_SECRET ??= "vitest-key-hash-secret-0123456789abcdef";
  process.env.NEXTAUTH_SECRET ??= "vitest-session-secret-0123456789abcdefgh";
}
