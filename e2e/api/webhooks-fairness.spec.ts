// One tenant's endpoint that never answers cannot stall everyone's webhooks: tenant A's 64
// deliveries to an endpoint that accepts connections and never says a word, then tenant B's test
// event, delivered within seconds (it once waited behind every one of A's attempts, minutes). A's
// attempts are recorded as timeouts, by name, and at most 8 of them are on the wire at once.
// A server and database of its own: its delivery slots are what the spec measures.
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { admin, api, ownAccount, ownDatabase, ownServer } from "../fixtures/own-server";
import { startReceiver } from "../fixtures/receiver";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 25;

/** Takes every connection and never answers; counts how many are open at once. */
async function silentEndpoint() {
  const open = new Set<Socket>();
  let peak = 0;
  const server = createServer((socket) => {
    open.add(socket);
    peak = Math.max(peak, open.size);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    open: () => open.size,
    peak: () => peak,
    close: () => {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test("64 hanging deliveries of one tenant do not delay another tenant's", async () => {
  test.setTimeout(240_000);
  const silent = await silentEndpoint();
  const rx = await startReceiver();
  const database = await ownDatabase("hook_fair");
  const env = { ...database.env, LOG_LEVEL: "warn", WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_POLL_MS: "100" };
  const accountA = admin(env, "create-user", "--email", `hook-fair-a-${Date.now()}@e2e.test`, "--password", "hook-fair-password-123", "--name", "A");
  const a = { key: admin(env, "create-key", "--project", accountA.project_id, "--name", "a", "--scope", "read_write").key as string };
  const b = ownAccount(env, "hook-fair-b");
  const server = ownServer(PORT, env, "webhooks-fairness.log");
  try {
    await server.start();
    // 64 endpoints of A's that never answer, all subscribed to A's billing events; one of B's.
    const hooksA: string[] = [];
    for (let i = 0; i < 64; i++) {
      const hook = await api(server.base, "POST", "/v1/webhooks", a.key, { url: silent.url, events: ["billing.*"] });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      hooksA.push(hook.body.webhook.id);
    }
    const hookB = await api(server.base, "POST", "/v1/webhooks", b.key, { url: rx.url, events: ["*"] });
    expect(hookB.status).toBe(201);

    // One grant to A: one event, 64 deliveries that will all hang. (The CLI writes to the
    // database, so the server is stopped meanwhile: the embedded database has one writer.)
    await server.stop();
    admin(env, "grant-credits", "--workspace", accountA.workspace_id, "--credits", "1");
    await server.start();
    await expect.poll(silent.open, { timeout: 30_000 }).toBeGreaterThanOrEqual(8);

    const pingedAt = Date.now();
    const ping = await api(server.base, "POST", `/v1/webhooks/${hookB.body.webhook.id}/ping`, b.key);
    expect(ping.status).toBe(202);
    await expect.poll(() => rx.signedWith(hookB.body.secret).length, { timeout: 60_000 }).toBe(1);
    const waited = rx.signedWith(hookB.body.secret)[0].at - pingedAt;
    console.log(`tenant B's test event arrived ${waited} ms after it was sent, beside 64 hanging deliveries of tenant A`);
    expect(waited).toBeLessThan(5_000);
    expect(silent.peak()).toBeLessThanOrEqual(8);

    // A's attempts end as recorded timeouts, retried on the schedule.
    await expect.poll(async () => {
      const log = await api(server.base, "GET", `/v1/webhooks/${hooksA[0]}/deliveries`, a.key);
      return log.body.deliveries?.[0]?.attempts?.[0]?.error ?? null;
    }, { timeout: 120_000, intervals: [1_000] }).toBe("no answer within 15 s");
  } finally {
    await server.stop();
    await database.drop();
    await rx.close();
    await silent.close();
  }
});
