// The admin CLI never opens the embedded database of a running app (it would write to a copy the
// app never reads): it says so and exits 2; once the app is gone, it runs.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const embedded = !process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), "switchyard-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const admin = (...args: string[]) =>
  spawnSync(join("node_modules", ".bin", "tsx"), ["--import", "./scripts/server-only.mjs", "scripts/admin.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" },
    encoding: "utf8",
    timeout: 60_000,
  });

describe.runIf(embedded)("the admin CLI on the embedded database", () => {
  it("refuses while another live process has it open, and runs once that process is gone", async () => {
    const app = spawn("sleep", ["60"]);
    writeFileSync(join(dataDir, "pglite.pid"), String(app.pid));
    const refused = admin("list-rates");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`open in the running app (pid ${app.pid})`);
    app.kill();
    await new Promise((resolve) => app.once("exit", resolve));
    const ran = admin("list-rates");
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toContain("scholar");
  }, 120_000);
});

describe("the admin CLI's help (issue 38)", () => {
  it.each([["--help"], ["-h"], ["help"]])("`%s` prints every command and exits 0, before touching any database", (flag) => {
    const shown = admin(flag);
    expect(shown.status, shown.stderr).toBe(0);
    for (const command of ["create-user", "set-password", "reset-two-factor", "grant-credits", "create-key", "list-keys", "set-tier", "set-rate", "list-rates", "set-tier-limits", "list-tier-limits"]) {
      expect(shown.stdout).toContain(command);
    }
    expect(shown.stderr).not.toMatch(/\n\s+at /);
  });

  it("an unknown option names itself and the commands, without a stack trace", () => {
    const refused = admin("list-rates", "--bogus");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("--bogus");
    expect(refused.stderr).toContain("Usage: npm run admin");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  });
});
