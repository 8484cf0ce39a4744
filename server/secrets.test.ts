// At scale a process without the shared secrets refuses to start, saying which one is missing;
// the embedded default makes its own.
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function check(env: Record<string, string | undefined>) {
  const clean = { ...process.env, KEY_HASH_SECRET: undefined, NEXTAUTH_SECRET: undefined, DATABASE_URL: undefined, ...env };
  return spawnSync(join("node_modules", ".bin", "tsx"), ["--import", "./scripts/server-only.mjs", "-e", "import('./server/secrets.ts').then((m) => m.checkSharedSecrets())"], {
    env: Object.fromEntries(Object.entries(clean).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
}

describe("shared secrets at scale", () => {
  const url = "postgresql://nobody@127.0.0.1:1/none";
  it("refuse to start without KEY_HASH_SECRET, then without NEXTAUTH_SECRET", () => {
    const none = check({ DATABASE_URL: url });
    expect(none.status).not.toBe(0);
    expect(none.stderr).toMatch(/KEY_HASH_SECRET is not set: with DATABASE_URL every replica needs the same/);
    const half = check({ DATABASE_URL: url, KEY_HASH_SECRET: "k".repeat(32) });
    expect(half.status).not.toBe(0);
    expect(half.stderr).toMatch(/NEXTAUTH_SECRET is not set/);
    expect(check({ DATABASE_URL: url, KEY_HASH_SECRET: "k".repeat(32), NEXTAUTH_SECRET: "s".repeat(32) }).status).toBe(0);
  });

  it("the embedded default makes its own", () => {
    expect(check({ DATA_DIR: mkdtempSync(join(tmpdir(), "secrets-")) }).status).toBe(0);
  });
});
