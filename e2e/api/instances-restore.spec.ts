// Creating an instance from a snapshot (`snapshot_id`): the restored instance runs and names its
// snapshot; a snapshot of another project is not found, one that holds nothing is a conflict, and
// the image and the plan's disk must fit the snapshot, each refusal naming the field to change.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, newSshKey, waitForAction, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

async function snapshotOf(key: string, instanceId: string) {
  const res = await call("POST", `/v1/instances/${instanceId}/snapshots`, { key, body: {} });
  expect(res.status, res.text).toBe(202);
  return res.body as { snapshot: { id: string; size_gb: number }; action: { id: string } };
}

test("an instance restored from a snapshot runs and names it; the snapshot must fit", async () => {
  test.setTimeout(60_000);
  const { a, b } = state();
  const key = a.readWriteKey;
  const source = await newInstance(key, { product: "debian-12", plan: "s-2vcpu-4gb" });
  await waitForStatus(key, source.id, "running");
  const { snapshot } = await snapshotOf(key, source.id);
  await expect.poll(async () => (await call("GET", `/v1/snapshots/${snapshot.id}`, { key })).body.snapshot.status).toBe("available");
  const sizeGb = (await call("GET", `/v1/snapshots/${snapshot.id}`, { key })).body.snapshot.size_gb;
  expect(sizeGb).toBe(32); // 40 % of the 80 GB disk of s-2vcpu-4gb

  const ssh_key_id = await newSshKey(key);
  const body = { product: "debian-12", plan: "s-2vcpu-4gb", region: "ams1", ssh_key_id, hostname: `restored-${Date.now() % 100000}`, snapshot_id: snapshot.id };
  const restored = await call("POST", "/v1/instances", { key, body });
  expect(restored.status, restored.text).toBe(202);
  expect(restored.body.instance).toMatchObject({ status: "provisioning", snapshot_id: snapshot.id, product: "debian-12" });
  expect(restored.body.action).toMatchObject({ type: "create", status: "in_progress" });
  expect(await waitForStatus(key, restored.body.instance.id, "running")).toMatchObject({ snapshot_id: snapshot.id, status_reason: null });
  expect((await waitForAction(key, restored.body.action.id)).status).toBe("completed");

  // The image is the snapshot's; the plan's disk (25 GB) is smaller than the snapshot (32 GB).
  const wrongImage = await call("POST", "/v1/instances", { key, body: { ...body, product: "ubuntu-24.04" } });
  expect(wrongImage.status).toBe(400);
  expect(wrongImage.body.error).toMatchObject({ code: "invalid_body", param: "product" });
  expect(wrongImage.body.error.message).toContain("send product `debian-12`");
  const tooSmall = await call("POST", "/v1/instances", { key, body: { ...body, plan: "s-1vcpu-1gb" } });
  expect(tooSmall.status).toBe(400);
  expect(tooSmall.body.error).toMatchObject({ code: "invalid_body", param: "plan" });
  expect(tooSmall.body.error.message).toContain("at least 32 GB");

  // Another project's snapshot is not found (its own SSH key, so only the snapshot is at fault).
  const foreign = await call("POST", "/v1/instances", { key: b.readWriteKey, body: { ...body, ssh_key_id: await newSshKey(b.readWriteKey) } });
  expect(foreign.status).toBe(404);
  expect(foreign.body.error).toMatchObject({ code: "not_found", param: "snapshot_id" });
  expect(foreign.body.error.message).not.toContain("debian");
  const unknown = await call("POST", "/v1/instances", { key, body: { ...body, snapshot_id: "snap_01jd0v6x4m8q2r5t7w9y1b3c5e" } });
  expect(unknown.body.error).toMatchObject({ code: "not_found", param: "snapshot_id" });

  // A snapshot of a deleted instance still restores.
  expect((await call("DELETE", `/v1/instances/${source.id}`, { key })).status).toBe(202);
  await waitForStatus(key, source.id, "deleted");
  const again = await call("POST", "/v1/instances", { key, body: { ...body, hostname: `restored-again-${Date.now() % 100000}` } });
  expect(again.status, again.text).toBe(202);
});

test("a snapshot that failed cannot be restored: 409 conflict naming snapshot_id", async () => {
  const key = state().b.readWriteKey;
  // The e2e server's storage refuses snapshots of c-4vcpu-8gb in nyc1 (COMPUTE_DRIVER_FAULTS).
  const source = await newInstance(key, { plan: "c-4vcpu-8gb", region: "nyc1" });
  await waitForStatus(key, source.id, "running");
  const { snapshot, action } = await snapshotOf(key, source.id);
  const done = await waitForAction(key, action.id);
  expect(done).toMatchObject({ type: "snapshot", status: "failed" });
  expect(done.status_reason).toBe("The snapshot could not be written to storage. No snapshot was taken; the instance is running as before. Try again.");
  expect((await call("GET", `/v1/snapshots/${snapshot.id}`, { key })).body.snapshot.status).toBe("failed");
  expect((await waitForStatus(key, source.id, "running")).status_reason).toBeNull();

  const body = { product: "ubuntu-24.04", plan: "c-4vcpu-8gb", region: "fra1", ssh_key_id: source.ssh_key_id, hostname: "from-failed", snapshot_id: snapshot.id };
  const res = await call("POST", "/v1/instances", { key, body });
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({ code: "conflict", param: "snapshot_id" });
  expect(res.body.error.message).toContain("take another snapshot");
});
