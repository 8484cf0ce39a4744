// PostgreSQL faults (README "Run it in production"): a server of its own on a database of its own, 8 clients
// generating and listing keys, and every connection of the app to that database terminated
// (pg_terminate_backend) three times over. No answer may be a 500 (a 503 service_unavailable with
// Retry-After is the contract's answer for a database it cannot reach), every answer afterwards is
// a 200, and the answers' credits equal the balance's fall (settlements are retried until written).
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { count, drillAccount, generateLoad, settledBooks, summary } from "../fixtures/drill";
import { ownDatabase, ownServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 40;

test.skip(!process.env.DATABASE_URL, "needs DATABASE_URL (the PostgreSQL run)");

test("every PostgreSQL connection of the app terminated under load: no 500, then all 200, credits reconcile", async () => {
  test.setTimeout(180_000);
  const database = await ownDatabase("database-outage");
  const env: Record<string, string> = { ...database.env, LOG_LEVEL: "warn" };
  const name = new URL(database.env.DATABASE_URL).pathname.slice(1);
  const { key } = drillAccount(env, "database-outage");
  const server = ownServer(PORT, env, "database-outage.log");
  const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await killer.connect();
  try {
    await server.start();
    const before = await settledBooks(server.base, key);
    const load = generateLoad(server.base, key, 8);
    await sleep(4_000);
    load.phase.current = "terminated";
    let terminated = 0;
    for (let i = 0; i < 3; i++) {
      const rows = await killer.query(
        "SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      terminated += rows.rowCount ?? 0;
      await sleep(1_500);
    }
    load.phase.current = "after";
    await sleep(5_000);
    await load.stop();
    const after = await settledBooks(server.base, key);

    for (const phase of ["before", "terminated", "after"]) console.log(`database drill ${phase}: ${summary(load.phases.get(phase))}`);
    console.log(`database drill: ${terminated} connections terminated`);
    expect(terminated).toBeGreaterThan(0);
    const all = load.all();
    expect(count(all, (s) => s === 500 || s === 0), summary(all)).toBe(0);
    expect(count(all, (s) => s > 503), summary(all)).toBe(0);
    // Anything refused was refused as the contract says: 503 service_unavailable.
    expect(count(all, (s) => s === 503)).toBe(all.codes.get("service_unavailable") ?? 0);
    expect(all.codes.get("503 without Retry-After") ?? 0).toBe(0);
    const back = load.phases.get("after");
    expect(count(back, (s) => s === 200)).toBeGreaterThan(0);
    expect(count(back, (s) => s !== 200), summary(back)).toBe(0);
    expect(after.reserved).toBe(0);
    expect(before.balance - after.balance).toBe(all.credits);
  } finally {
    await killer.end();
    await server.stop();
    await database.drop();
  }
});
