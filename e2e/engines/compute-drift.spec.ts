// What the engine does behind the service's back comes back through the state machine, with its
// webhook: a container killed on the engine makes its instance `stopped` (saying why) at once,
// and one removed while the service was down is found by the reconcile when it starts again.
import { expect, test } from "@playwright/test";
import { sshKeyPair, sshRun } from "../../test/kits/ssh";
import { engineDocker, engineServer, instanceStatus, type EngineServer } from "../fixtures/engines";
import { startReceiver, type Receiver } from "../fixtures/receiver";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 81;
// One server for the file: its tests run one after the other.
test.describe.configure({ mode: "serial" });

let cloud: EngineServer;
let rx: Receiver;
let secret: string;
let sshKeyId: string;
const key = sshKeyPair("drift-spec");

test.beforeAll(async () => {
  cloud = await engineServer("engines_drift", PORT, "25420-25439");
  rx = await startReceiver();
  const hook = await cloud.call("POST", "/v1/webhooks", { url: rx.url, events: ["instance.status_changed"] });
  expect(hook.status).toBe(201);
  secret = hook.body.secret;
  const uploaded = await cloud.call("POST", "/v1/ssh_keys", { name: "drift", public_key: key.publicKey });
  expect(uploaded.status).toBe(201);
  sshKeyId = uploaded.body.ssh_key.id;
});
test.afterAll(async () => {
  await cloud?.drop();
  await rx?.close();
});

const until = (id: string, status: string, timeout?: number) => instanceStatus(cloud, id, status, timeout);
const changes = (id: string) =>
  rx.signedWith(secret).map((d) => d.json).filter((e) => e.data.instance.id === id).map((e) => `${e.data.previous_status}>${e.data.instance.status}`);

async function runningInstance(hostname: string) {
  const created = await cloud.call("POST", "/v1/instances", { product: "debian-12", plan: "s-1vcpu-1gb", region: "ams1", ssh_key_id: sshKeyId, hostname });
  expect(created.status).toBe(202);
  return until(created.body.instance.id, "running");
}

test("a container killed on the engine: the instance is stopped, says why, and its webhook says so", async () => {
  test.setTimeout(180_000);
  const instance = await runningInstance("killed");
  await engineDocker().getContainer(`switchyard-${instance.id}`).kill();
  const stopped = await until(instance.id, "stopped", 30_000);
  expect(stopped.status_reason).toMatch(/stopped by itself .*exited with code 137.*Power it on again/);
  await expect.poll(() => changes(instance.id), { timeout: 15_000 }).toContain("running>stopped");
  // It is an ordinary stopped instance: power on brings it back, reason cleared.
  expect((await cloud.call("POST", `/v1/instances/${instance.id}/actions`, { type: "power_on" })).status).toBe(202);
  const back = await until(instance.id, "running");
  expect(back.status_reason).toBeNull();
  expect((await sshRun(back.ssh, key, "true")).status).toBe(0);
  expect((await cloud.call("DELETE", `/v1/instances/${instance.id}`)).status).toBe(202);
  await until(instance.id, "deleted");
});

test("a container removed while the service was down is found when it starts again", async () => {
  test.setTimeout(240_000);
  const instance = await runningInstance("removed");
  await cloud.server.kill();
  await engineDocker().getContainer(`switchyard-${instance.id}`).remove({ force: true });
  await cloud.server.start();
  const failed = await until(instance.id, "failed", 30_000);
  expect(failed.status_reason).toMatch(/removed outside this service/);
  // A delivery in flight when the server was killed waits out its claim's lease (60 s) before it is
  // sent again, and this instance's later events wait behind it: they arrive in order.
  await expect.poll(() => changes(instance.id), { timeout: 90_000 }).toContain("running>failed");
  // Deleting it is still possible, and finds nothing left to remove.
  expect((await cloud.call("DELETE", `/v1/instances/${instance.id}`)).status).toBe(202);
  await until(instance.id, "deleted");
});
