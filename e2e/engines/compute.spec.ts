// Instances on the Docker Engine, from outside, as their owner uses them: an uploaded key logs in
// with `ssh`; a resize is seen inside at once; power off refuses SSH and power on brings the disk
// back; a snapshot and a backup (an object in the S3 store) each make a new instance holding the
// same file; delete leaves neither container nor image on the engine.
import { expect, test } from "@playwright/test";
import { sshKeyPair, sshRun } from "../../test/kits/ssh";
import { engineDocker, engineServer, instanceStatus, storedObject, type EngineServer } from "../fixtures/engines";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 80;
test.describe.configure({ mode: "serial" });

let cloud: EngineServer;
const key = sshKeyPair("compute-spec");
const timings: Record<string, number> = {};

test.beforeAll(async () => {
  cloud = await engineServer("engines_compute", PORT, "25400-25419");
});
test.afterAll(async () => {
  console.log(`engine timings (ms): ${JSON.stringify(timings)}`);
  await cloud?.drop();
});

const until = (id: string, status: string, timeout?: number) => instanceStatus(cloud, id, status, timeout);
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  timings[label] = Date.now() - started;
  return result;
}
const containerOf = (id: string) => engineDocker().getContainer(`switchyard-${id}`).inspect().then(() => true, () => false);
const imageExists = (ref: string) => engineDocker().getImage(ref).inspect().then(() => true, () => false);

let sshKeyId: string;
let first: any;

test("an instance made with an uploaded key answers ssh with that key", async () => {
  test.setTimeout(180_000);
  const images = await cloud.call("GET", "/v1/images");
  expect(images.body.images).toEqual([{ id: "debian-12-sshd", name: "Debian 12 with OpenSSH", product: "debian-12", engine: "docker" }]);
  const uploaded = await cloud.call("POST", "/v1/ssh_keys", { name: "laptop", public_key: key.publicKey });
  expect(uploaded.status).toBe(201);
  sshKeyId = uploaded.body.ssh_key.id;
  const refused = await cloud.call("POST", "/v1/instances", { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKeyId, hostname: "nope" });
  expect(refused.status).toBe(400);
  expect(refused.body.error).toMatchObject({ code: "invalid_body", param: "product" });
  expect(refused.body.error.message).toContain("debian-12-sshd");

  const created = await cloud.call("POST", "/v1/instances", { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKeyId, hostname: "web-1" });
  expect(created.status).toBe(202);
  expect(created.body.instance).toMatchObject({ engine: "docker", image: "debian-12-sshd", ssh: null, status: "provisioning" });
  first = await timed("create_to_ssh", async () => {
    const running = await until(created.body.instance.id, "running");
    expect((await sshRun(running.ssh, key, "true")).status).toBe(0);
    return running;
  });
  expect(first.ssh).toEqual({ host: "127.0.0.1", port: expect.any(Number), user: "root" });
  expect(first.ipv4).toBeNull();
  const inside = await sshRun(first.ssh, key, "hostname; id -u; cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/pids/pids.max");
  expect(inside.stdout.trim().split("\n")).toEqual(["web-1", "0", String(1024 * 1024 * 1024), "512"]);
  expect((await sshRun(first.ssh, sshKeyPair("stranger"), "true")).status).toBe(255);
});

test("a resize is seen inside the running instance at once", async () => {
  const resized = await cloud.call("PATCH", `/v1/instances/${first.id}`, { plan: "s-2vcpu-4gb" });
  expect(resized.status).toBe(202);
  await timed("resize", () => until(first.id, "running"));
  const inside = await sshRun(first.ssh, key, "cat /sys/fs/cgroup/memory/memory.limit_in_bytes /sys/fs/cgroup/cpu/cpu.cfs_quota_us /sys/fs/cgroup/pids/pids.max");
  expect(inside.stdout.trim().split("\n")).toEqual([String(4096 * 1024 * 1024), "200000", "1024"]);
});

test("power off refuses ssh; power on brings back the disk", async () => {
  expect((await sshRun(first.ssh, key, "echo 'written before the snapshot' > /root/note.txt && sync")).status).toBe(0);
  expect((await cloud.call("POST", `/v1/instances/${first.id}/actions`, { type: "power_off" })).status).toBe(202);
  await timed("power_off", () => until(first.id, "stopped"));
  const refused = await sshRun(first.ssh, key, "true");
  expect(refused.status).toBe(255);
  expect(refused.stderr).toMatch(/refused/i);
  expect((await cloud.call("POST", `/v1/instances/${first.id}/actions`, { type: "power_on" })).status).toBe(202);
  await timed("power_on", () => until(first.id, "running"));
  expect((await sshRun(first.ssh, key, "cat /root/note.txt")).stdout.trim()).toBe("written before the snapshot");
});

test("a snapshot makes a second instance holding the file", async () => {
  test.setTimeout(180_000);
  const taken = await cloud.call("POST", `/v1/instances/${first.id}/snapshots`, { name: "with-note" });
  expect(taken.status).toBe(202);
  await timed("snapshot", async () => {
    await expect.poll(async () => (await cloud.call("GET", `/v1/snapshots/${taken.body.snapshot.id}`)).body.snapshot.status, { timeout: 60_000 }).toBe("available");
  });
  const copy = await cloud.call("POST", "/v1/instances", { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKeyId, hostname: "web-2", snapshot_id: taken.body.snapshot.id });
  expect(copy.status).toBe(202);
  const second = await until(copy.body.instance.id, "running");
  expect(second.ssh.port).not.toBe(first.ssh.port);
  expect((await sshRun(second.ssh, key, "cat /root/note.txt")).stdout.trim()).toBe("written before the snapshot");

  // Deleting: the container goes; the snapshot's image goes with the snapshot.
  expect((await cloud.call("DELETE", `/v1/instances/${second.id}`)).status).toBe(202);
  await until(second.id, "deleted");
  expect(await containerOf(second.id)).toBe(false);
  expect((await cloud.call("DELETE", `/v1/snapshots/${taken.body.snapshot.id}`)).status).toBe(204);
  await expect.poll(() => imageExists(`switchyard-snapshot:${taken.body.snapshot.id}`), { timeout: 30_000 }).toBe(false);
});

test("a backup is an object in the store, and an instance restored from it holds the file", async () => {
  test.setTimeout(240_000);
  const asked = await cloud.call("POST", `/v1/instances/${first.id}/backups`);
  expect(asked.status).toBe(202);
  const backup = await timed("backup", async () => {
    let last: any;
    await expect
      .poll(async () => (last = (await cloud.call("GET", `/v1/instances/${first.id}/backups`)).body.backups.find((b: any) => b.id === asked.body.backup.id))?.status, { timeout: 120_000 })
      .toBe("available");
    return last;
  });
  expect(backup).toMatchObject({ stored_at: expect.stringMatching(/^s3:\/\/[^/]+\/.+\.tar$/), checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
  expect(backup.size_bytes).toBeGreaterThan(50_000_000);
  expect(await storedObject(backup.stored_at)).toBe(backup.size_bytes);

  const restored = await cloud.call("POST", "/v1/instances", { product: "debian-12", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKeyId, hostname: "web-3", backup_id: backup.id });
  expect(restored.status).toBe(202);
  const third = await timed("restore_to_ssh", () => until(restored.body.instance.id, "running", 180_000));
  expect((await sshRun(third.ssh, key, "cat /root/note.txt")).stdout.trim()).toBe("written before the snapshot");
  expect((await cloud.call("DELETE", `/v1/instances/${third.id}`)).status).toBe(202);
  await until(third.id, "deleted");
  expect(await containerOf(third.id)).toBe(false);
  expect(await imageExists(`switchyard-restore:${third.id}`)).toBe(false);
});

test("delete removes the container, and its ssh port is closed", async () => {
  expect((await cloud.call("DELETE", `/v1/instances/${first.id}`)).status).toBe(202);
  const gone = await timed("delete", () => until(first.id, "deleted"));
  expect(gone.ssh).toBeNull();
  expect(await containerOf(first.id)).toBe(false);
  expect((await sshRun(first.ssh, key, "true")).status).toBe(255);
});
