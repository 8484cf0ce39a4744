// Webhook delivery is durable: with the receiver down, the app is killed (SIGKILL, no cleanup)
// and started again; once the receiver is back every event arrives, each once after its 2xx,
// with the same webhook-id as its failed attempts, and an instance's events in the order they
// happened. A server and database of its own, so nothing else delivers meanwhile.
import { expect, test } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { api, ownAccount, ownDatabase, ownServer } from "../fixtures/own-server";
import { startReceiver } from "../fixtures/receiver";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;

test("a restart while the receiver is down loses no event", async () => {
  test.setTimeout(180_000);
  const rx = await startReceiver();
  rx.answer(503, { "retry-after": "1" });
  const database = await ownDatabase("hook_restart");
  const env = {
    ...database.env, COMPUTE_DRIVER_SPEED: "0.05", JOBS_POLL_MS: "100", LOG_LEVEL: "warn",
    WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_LOOPBACK: "true", WEBHOOK_POLL_MS: "100", WEBHOOK_RETRY_SPEED: "0.001",
  };
  const { key } = ownAccount(env, "hook-restart");
  const server = ownServer(PORT, env, "webhooks-restart.log");
  try {
    await server.start();
    const hook = await api(server.base, "POST", "/v1/webhooks", key, { url: rx.url, events: ["instance.*"] });
    expect(hook.status).toBe(201);
    const sshKey = await api(server.base, "POST", "/v1/ssh_keys", key, { name: "k", public_key: openSshKey() });
    const created = await api(server.base, "POST", "/v1/instances", key, {
      product: "debian-12", plan: "s-1vcpu-1gb", region: "ams1", ssh_key_id: sshKey.body.ssh_key.id, hostname: "hooked",
    });
    expect(created.status).toBe(202);
    const id = created.body.instance.id;
    const status = async () => (await api(server.base, "GET", `/v1/instances/${id}`, key)).body.instance.status;
    await expect.poll(status, { timeout: 30_000 }).toBe("running");
    expect((await api(server.base, "POST", `/v1/instances/${id}/actions`, key, { type: "power_off" })).status).toBe(202);
    await expect.poll(status, { timeout: 30_000 }).toBe("stopped");
    await expect.poll(() => rx.received.length, { timeout: 10_000 }).toBeGreaterThan(1); // failing, retried

    await server.kill();
    const upAt = Date.now();
    rx.answer(200);
    await server.start();

    const expected = ["instance.created", "null>provisioning", "provisioning>running", "running>stopping", "stopping>stopped"];
    const label = (json: any) => (json.type === "instance.status_changed" ? `${json.data.previous_status}>${json.data.instance.status}` : json.type);
    const arrived = () => rx.signedWith(hook.body.secret).filter((d) => d.at > upAt);
    await expect.poll(() => arrived().length, { timeout: 90_000 }).toBeGreaterThanOrEqual(expected.length);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // nothing more may come
    expect(arrived().map((d) => label(d.json))).toEqual(expected);
    for (const d of arrived()) {
      const attempts = rx.received.filter((r) => r.json.id === d.json.id);
      expect(new Set(attempts.map((r) => r.headers["webhook-id"]))).toEqual(new Set([d.json.id]));
    }
    // The first event was tried before the restart too: the same event, the same id.
    const first = arrived()[0].json.id;
    expect(rx.received.filter((r) => r.json.id === first && r.at < upAt).length).toBeGreaterThan(0);
  } finally {
    await server.stop();
    await database.drop();
    await rx.close();
  }
});
