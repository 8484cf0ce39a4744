// Instance transitions are durable jobs: an app process killed in the middle of provisioning
// (SIGKILL: no cleanup at all) is replaced, and the instance still ends up running.
import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { spawnServer, stopServer, waitUntilServing } from "../../scripts/server-process";
import { openSshKey } from "../fixtures/cloud";
import { STATE_DIR } from "../fixtures/state";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;
const base = `http://127.0.0.1:${PORT}`;

function admin(env: Record<string, string>, ...args: string[]) {
  const out = execFileSync(join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", ...args, "--json"], { env: { ...process.env, ...env }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").pop()!);
}

async function api(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

test("a restart in the middle of provisioning still ends with the instance running", async () => {
  test.setTimeout(120_000);
  // A database of its own (so no other server's job runner can finish the work), slow
  // provisioning, a short job lease.
  const env: Record<string, string> = { COMPUTE_DRIVER_SPEED: "0.25", JOB_LEASE_SECONDS: "2", JOBS_POLL_MS: "200", LOG_LEVEL: "warn" };
  const database = await ownDatabase();
  if (database) env.DATABASE_URL = database.url;
  else env.DATA_DIR = mkdtempSync(join(STATE_DIR, "restart-"));
  const account = admin(env, "create-user", "--email", `restart-${Date.now()}@e2e.test`, "--password", "restart-password", "--name", "Restart");
  const { key } = admin(env, "create-key", "--project", account.project_id, "--name", "restart", "--scope", "read_write");

  let server = spawnServer({ port: PORT, env, logFile: join(STATE_DIR, "restart.log") });
  try {
    await waitUntilServing(base, server);
    const sshKey = await api("POST", "/v1/ssh_keys", key, { name: "restart", public_key: openSshKey() });
    expect(sshKey.status).toBe(201);
    const created = await api("POST", "/v1/instances", key, {
      product: "debian-12", plan: "s-1vcpu-1gb", region: "ams1", ssh_key_id: sshKey.body.ssh_key.id, hostname: "survivor",
    });
    expect(created.status).toBe(202);
    // Provisioning takes ~5 s here; kill the process while the job is running.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await api("GET", `/v1/instances/${created.body.instance.id}`, key)).body.instance.status).toBe("provisioning");
    const killed = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    await killed;

    server = spawnServer({ port: PORT, env, logFile: join(STATE_DIR, "restart.log") });
    await waitUntilServing(base, server);
    await expect
      .poll(async () => (await api("GET", `/v1/instances/${created.body.instance.id}`, key)).body.instance.status, { timeout: 60_000, intervals: [500] })
      .toBe("running");
  } finally {
    await stopServer(server);
    await database?.drop();
  }
});

/** On PostgreSQL, a fresh database next to the suite's; embedded runs use a folder instead. */
async function ownDatabase() {
  if (!process.env.DATABASE_URL) return null;
  const name = `sy_restart_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
