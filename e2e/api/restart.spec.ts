// Instance transitions are durable jobs: an app process killed in the middle of provisioning
// (SIGKILL: no cleanup at all) is replaced, and the instance still ends up running.
import { expect, test } from "@playwright/test";
import { openSshKey } from "../fixtures/cloud";
import { api, ownAccount, ownDatabase, ownServer } from "../fixtures/own-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;

test("a restart in the middle of provisioning still ends with the instance running", async () => {
  test.setTimeout(120_000);
  // A database of its own (so no other server's job runner can finish the work), slow
  // provisioning, a short job lease.
  const database = await ownDatabase("restart");
  const env: Record<string, string> = { COMPUTE_DRIVER_SPEED: "0.25", JOB_LEASE_SECONDS: "2", JOBS_POLL_MS: "200", LOG_LEVEL: "warn", ...database.env };
  const { key } = ownAccount(env, "restart");
  const server = ownServer(PORT, env, "restart.log");
  try {
    await server.start();
    const sshKey = await api(server.base, "POST", "/v1/ssh_keys", key, { name: "restart", public_key: openSshKey() });
    expect(sshKey.status).toBe(201);
    const created = await api(server.base, "POST", "/v1/instances", key, {
      product: "debian-12", plan: "s-1vcpu-1gb", region: "ams1", ssh_key_id: sshKey.body.ssh_key.id, hostname: "survivor",
    });
    expect(created.status).toBe(202);
    // Provisioning takes ~5 s here; kill the process while the job is running.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await api(server.base, "GET", `/v1/instances/${created.body.instance.id}`, key)).body.instance.status).toBe("provisioning");
    await server.kill();
    await server.start();
    await expect
      .poll(async () => (await api(server.base, "GET", `/v1/instances/${created.body.instance.id}`, key)).body.instance.status, { timeout: 60_000, intervals: [500] })
      .toBe("running");
  } finally {
    await server.stop();
    await database.drop();
  }
});
