// The PostgreSQL pool against real faults (PostgreSQL tests need DATABASE_URL): a connection
// terminated while idle or checked out does not crash the process and is replaced; a statement whose backend is
// terminated while it runs is sent again once on a fresh connection; a server that never answers
// fails the query within the connect timeout, as "database unreachable".
import { createServer, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databasePool } from "./database-pool";
import { isDatabaseUnreachable } from "./db-errors";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("database pool on PostgreSQL", () => {
  const pool = url ? databasePool(url, { max: 2 }) : null;
  const admin = url ? new pg.Client({ connectionString: url }) : null;
  beforeAll(async () => {
    await admin?.connect();
  });
  afterAll(async () => {
    await pool?.end();
    await admin?.end();
  });
  const terminate = (pid: number) => admin!.query("SELECT pg_terminate_backend($1)", [pid]);

  it("replaces a connection terminated while idle, without an unhandled error", async () => {
    const [{ pid }] = (await pool!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    await terminate(pid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [{ pid: next }] = (await pool!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    expect(next).not.toBe(pid);
  });

  it("a connection terminated while checked out (between a transaction's statements) raises no unhandled error; the pool goes on", async () => {
    const client = await pool!.connect();
    const [{ pid }] = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    await terminate(pid);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the client's 'error' fires meanwhile
    const failed = await client.query("SELECT 1").then(() => null, (e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    client.release(failed as Error);
    const [{ pid: next }] = (await pool!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    expect(next).not.toBe(pid);
  });

  it("sends a statement again, once, when its backend is terminated while it runs", async () => {
    const [{ pid }] = (await pool!.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    const running = pool!.query<{ pid: number }>("SELECT pg_sleep(0.5), pg_backend_pid() AS pid");
    await new Promise((resolve) => setTimeout(resolve, 150));
    await terminate(pid);
    const { rows } = await running;
    expect(rows[0].pid).not.toBe(pid);
  });
});

describe("database pool when the server never answers", () => {
  let server: Server;
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const s of sockets) s.destroy();
    server?.close();
  });

  it("fails within the connect timeout, recognised as the database being unreachable", async () => {
    server = createServer((socket) => void sockets.push(socket)); // accepts, then says nothing
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const pool = databasePool(`postgresql://nobody@127.0.0.1:${port}/none`, { connectTimeoutMs: 300 });
    const started = performance.now();
    const error = await pool.query("SELECT 1").then(() => null, (e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnreachable(error)).toBe(true);
    await pool.end();
  });
});
