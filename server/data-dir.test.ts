// The embedded database's folder (it holds password hashes) is this user's alone: the data folder
// and the database folder in it are 0700, so no other user can reach any file below them (the
// embedded PostgreSQL writes its files 0666 whatever the umask), and our own files are 0600.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "./db";
import { embedded, env } from "./env";
import { migrate } from "./migrations";
import { keyHashSecret } from "./secrets";

const mode = (path: string) => statSync(path).mode & 0o777;

describe("the data folder", () => {
  it.runIf(embedded)("is 0700, and so is the database folder; secrets are 0600", async () => {
    await migrate();
    await db().user.count();
    keyHashSecret();
    expect(mode(env.DATA_DIR)).toBe(0o700);
    expect(mode(join(env.DATA_DIR, "pglite"))).toBe(0o700);
    expect(mode(join(env.DATA_DIR, "key-hash-secret"))).toBe(0o600);
  });

  it.runIf(embedded)("holds no database file that another user could read or write", async () => {
    await migrate();
    await db().user.count();
    const folder = join(env.DATA_DIR, "pglite");
    const open = readdirSync(folder, { recursive: true, encoding: "utf8" })
      .map((name) => join(folder, name))
      .filter((path) => (mode(path) & 0o077) !== 0);
    expect(open).toEqual([]);
  });
});
