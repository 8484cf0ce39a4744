// Backups taken on request (POST /v1/instances/{id}/backups): 202 with the backup, pending, and its
// `backup` action; the instance keeps its status; the backup lists with its action; one at a time;
// an instance is restored from a backup (`backup_id`) with the checks of `snapshot_id`.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, newSshKey, waitForAction, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

test("a backup on request: pending with its action, then available and listed with it; restored with backup_id", async () => {
  test.setTimeout(60_000);
  const { a, b } = state();
  const key = a.readWriteKey;
  const source = await newInstance(key, { product: "debian-12", plan: "s-2vcpu-4gb" });

  await waitForStatus(key, source.id, "running");

  // One at a time: of two asked together, the second finds the first pending.
  const pair = await Promise.all([0, 1].map(() => call("POST", `/v1/instances/${source.id}/backups`, { key, body: {} })));
  expect(pair.map((r) => r.status).sort()).toEqual([202, 409]);
  const [first, refused] = pair[0].status === 202 ? pair : [pair[1], pair[0]];
  expect(refused.body.error).toMatchObject({ code: "conflict" });
  expect(refused.body.error.message).toBe(`The backup ${first.body.backup.id} of this instance is still being taken; ask again once it is available.`);
  expect((await waitForAction(key, first.body.action.id)).status).toBe("completed");

  const idem = { "Idempotency-Key": `bkp-${Date.now()}` };
  const taken = await call("POST", `/v1/instances/${source.id}/backups`, { key, headers: idem });
  expect(taken.status, taken.text).toBe(202);
  const { backup, action } = taken.body;
  expect(backup.id).toMatch(/^bkp_/);
  expect(backup).toMatchObject({ instance_id: source.id, status: "pending", size_gb: 0, completed_at: null });
  expect(action).toMatchObject({ instance_id: source.id, type: "backup", status: "in_progress" });
  expect(backup.action).toEqual(action);
  // The same Idempotency-Key answers the same backup; the instance keeps running meanwhile.
  const replay = await call("POST", `/v1/instances/${source.id}/backups`, { key, headers: idem });
  expect(replay.status).toBe(202);
  expect(replay.body.backup.id).toBe(backup.id);
  expect((await call("GET", `/v1/instances/${source.id}`, { key })).body.instance.status).toBe("running");
  // No fields taken; a read key may not take one; another project's key does not find the instance.
  expect((await call("POST", `/v1/instances/${source.id}/backups`, { key, body: { name: "x" } })).body.error).toMatchObject({ code: "invalid_body" });
  expect((await call("POST", `/v1/instances/${source.id}/backups`, { key: a.readKey })).status).toBe(403);
  expect((await call("POST", `/v1/instances/${source.id}/backups`, { key: b.readWriteKey })).status).toBe(404);

  expect((await waitForAction(key, action.id)).status).toBe("completed");
  const listed = (await call("GET", `/v1/instances/${source.id}/backups`, { key })).body.backups;
  expect(listed.map((x: { id: string }) => x.id)).toEqual([backup.id, first.body.backup.id]);
  expect(listed[0]).toMatchObject({ id: backup.id, status: "available", size_gb: 32, action: { id: action.id, type: "backup", status: "completed" } });
  const actions = (await call("GET", `/v1/instances/${source.id}/actions`, { key })).body.actions;
  expect(actions.map((x: { type: string }) => x.type)).toEqual(["backup", "backup", "create"]);

  // Restore it: same checks as snapshot_id, each naming the field to change.
  const ssh_key_id = await newSshKey(key);
  const body = { product: "debian-12", plan: "s-2vcpu-4gb", region: "ams1", ssh_key_id, hostname: `from-backup-${Date.now() % 100000}`, backup_id: backup.id };
  const restored = await call("POST", "/v1/instances", { key, body });
  expect(restored.status, restored.text).toBe(202);
  expect(restored.body.instance).toMatchObject({ status: "provisioning", backup_id: backup.id, snapshot_id: null });
  expect(await waitForStatus(key, restored.body.instance.id, "running")).toMatchObject({ backup_id: backup.id, status_reason: null });

  const wrongImage = await call("POST", "/v1/instances", { key, body: { ...body, product: "ubuntu-24.04" } });
  expect(wrongImage.status).toBe(400);
  expect(wrongImage.body.error).toMatchObject({ code: "invalid_body", param: "product" });
  expect(wrongImage.body.error.message).toContain("send product `debian-12`");
  const tooSmall = await call("POST", "/v1/instances", { key, body: { ...body, plan: "s-1vcpu-1gb" } });
  expect(tooSmall.body.error).toMatchObject({ code: "invalid_body", param: "plan" });
  expect(tooSmall.body.error.message).toContain("at least 32 GB");
  const both = await call("POST", "/v1/instances", { key, body: { ...body, snapshot_id: "snap_01jd0v6x4m8q2r5t7w9y1b3c5e" } });
  expect(both.status).toBe(400);
  expect(both.body.error).toMatchObject({ code: "invalid_body", param: "backup_id" });
  const foreign = await call("POST", "/v1/instances", { key: b.readWriteKey, body: { ...body, ssh_key_id: await newSshKey(b.readWriteKey) } });
  expect(foreign.status).toBe(404);
  expect(foreign.body.error).toMatchObject({ code: "not_found", param: "backup_id" });
  expect(foreign.body.error.message).not.toContain("debian");
});

test("a backup still pending cannot be restored: 409 naming backup_id", async () => {
  const key = state().b.readWriteKey;
  const source = await newInstance(key);
  await waitForStatus(key, source.id, "running");
  const { backup } = (await call("POST", `/v1/instances/${source.id}/backups`, { key })).body;
  const body = { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: source.ssh_key_id, hostname: "from-pending", backup_id: backup.id };
  const res = await call("POST", "/v1/instances", { key, body });
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({ code: "conflict", param: "backup_id" });
  expect(res.body.error.message).toContain("still being taken");

  // A deleted instance takes no backup.
  expect((await call("DELETE", `/v1/instances/${source.id}`, { key })).status).toBe(202);
  const late = await call("POST", `/v1/instances/${source.id}/backups`, { key });
  expect(late.status).toBe(409);
  expect(late.body.error.message).toMatch(/^The instance is (deleting|deleted); a backup needs it running or stopped\.$/);
});
