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
