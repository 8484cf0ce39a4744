// Keys are never stored or logged in clear: the server log and the database itself are searched
// for every key this run used. Each search also finds something it should (a prefix or a hash),
// so it is known to be looking at the right data.
import { expect, test } from "@playwright/test";
import { createHmac } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function databaseText(): Promise<Buffer> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const tables = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      const parts: string[] = [];
      for (const { tablename } of tables.rows) {
        const rows = await client.query(`SELECT row_to_json(t)::text AS row FROM "${tablename}" t`);
        parts.push(...rows.rows.map((r) => r.row as string));
      }
      return Buffer.from(parts.join("\n"));
    } finally {
      await client.end();
    }
  }
  // Embedded: the raw files of the PGlite folder, heap and write-ahead log alike.
  const dir = join(state().dataDir!, "pglite");
  return Buffer.concat(filesUnder(dir).map((file) => readFileSync(file)));
}

test("no key appears in clear in the server log or the database", async () => {
  const { a, b } = state();
  const created = await call("POST", "/v1/api_keys", { key: a.readWriteKey, body: { name: "secret check", scope: "read_write" } });
  const fresh: string = created.body.key;
  expect((await call("GET", "/v1/api_keys", { key: fresh })).status).toBe(200);
  // A key sent in a failing request must not be logged either.
  await call("GET", "/v1/api_keys", { key: fresh.slice(0, -1) + (fresh.endsWith("A") ? "B" : "A") });
  await call("POST", "/v1/api_keys", { key: fresh, body: { name: "x", scope: "read", key: fresh } });

  const keys = [a.readWriteKey, a.readKey, b.readWriteKey, b.readKey, fresh];
  const secretParts = keys.map((key) => key.slice(12)); // what follows the public prefix

  const log = readFileSync(state().logFile, "utf8");
  expect(log).toContain(created.body.api_key.id); // the log does record the key's use, by id
  for (const part of secretParts) expect(log).not.toContain(part);

  // The database holds the hash and the prefix, never the key.
  await expect
    .poll(async () => (await databaseText()).includes(Buffer.from(created.body.api_key.prefix)), { timeout: 15_000 })
    .toBe(true);
  const data = await databaseText();
  for (const part of secretParts) expect(data.includes(Buffer.from(part))).toBe(false);
  if (process.env.KEY_HASH_SECRET) {
    const hash = createHmac("sha256", process.env.KEY_HASH_SECRET).update(fresh).digest("hex");
    expect(data.includes(Buffer.from(hash))).toBe(true);
  }
});
