// The instance lifecycle through the cloud API: every transition observed through GET, every
// forbidden one refused with 409, and compute charged per started hour.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { newInstance, newSshKey, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

const act = (key: string, id: string, type: string) => call("POST", `/v1/instances/${id}/actions`, { key, body: { type } });

test("create → running, power off/on, reboot, resize, snapshot, delete — forbidden steps give 409", async () => {
  test.setTimeout(90_000);
  const key = state().a.readWriteKey;
  const created = await newInstance(key, { backups: true });
  expect(created).toMatchObject({ status: "provisioning", plan: "s-1vcpu-1gb", backups: true, ipv4: null });
  expect(created.id).toMatch(/^ins_/);
  expect((await act(key, created.id, "power_off")).status).toBe(409); // still provisioning

  const running = await waitForStatus(key, created.id, "running");
  expect(running.ipv4).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect((await act(key, created.id, "power_on")).body.error.code).toBe("conflict");

  const off = await act(key, created.id, "power_off");
  expect(off.status).toBe(202);
  expect(off.body.action).toMatchObject({ type: "power_off", status: "in_progress", completed_at: null });
  await waitForStatus(key, created.id, "stopped");
  const action = await call("GET", `/v1/actions/${off.body.action.id}`, { key });
  expect(action.body.action).toMatchObject({ status: "completed" });
  expect(action.body.action.completed_at).not.toBeNull();
  expect((await act(key, created.id, "reboot")).status).toBe(409);

  expect((await act(key, created.id, "power_on")).status).toBe(202);
  await waitForStatus(key, created.id, "running");
  expect((await act(key, created.id, "reboot")).status).toBe(202);
  await waitForStatus(key, created.id, "running");

  const resized = await call("PATCH", `/v1/instances/${created.id}`, { key, body: { plan: "s-2vcpu-4gb" } });
  expect(resized.status).toBe(202);
  expect(resized.body.instance.status).toBe("resizing");
  expect((await waitForStatus(key, created.id, "running")).plan).toBe("s-2vcpu-4gb");

  const renamed = await call("PATCH", `/v1/instances/${created.id}`, { key, body: { hostname: "renamed-host" } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.instance.hostname).toBe("renamed-host");

  const snap = await call("POST", `/v1/instances/${created.id}/snapshots`, { key, body: { name: "before-delete" } });
  expect(snap.status).toBe(202);
  expect(snap.body.snapshot).toMatchObject({ status: "pending", name: "before-delete" });
  await expect.poll(async () => (await call("GET", `/v1/snapshots/${snap.body.snapshot.id}`, { key })).body.snapshot.status).toBe("available");
  await waitForStatus(key, created.id, "running");

  await expect.poll(async () => (await call("GET", `/v1/instances/${created.id}/backups`, { key })).body.backups.length).toBeGreaterThan(0);
  const [backup] = (await call("GET", `/v1/instances/${created.id}/backups`, { key })).body.backups;
  expect(backup).toMatchObject({ status: "available", instance_id: created.id });

  const deleting = await call("DELETE", `/v1/instances/${created.id}`, { key });
  expect(deleting.status).toBe(202);
  expect(deleting.body.instance.status).toBe("deleting");
  await waitForStatus(key, created.id, "deleted");
  expect((await call("POST", `/v1/instances/${created.id}/snapshots`, { key, body: {} })).status).toBe(409);
  expect((await call("DELETE", `/v1/instances/${created.id}`, { key })).status).toBe(409);
  const listed = await call("GET", "/v1/instances?limit=100", { key });
  expect(listed.body.instances.map((i: { id: string }) => i.id)).not.toContain(created.id);
  const deletedList = await call("GET", "/v1/instances?status=deleted&limit=100", { key });
  expect(deletedList.body.instances.map((i: { id: string }) => i.id)).toContain(created.id);
  expect((await call("DELETE", `/v1/snapshots/${snap.body.snapshot.id}`, { key })).status).toBe(204);
  expect((await call("GET", `/v1/snapshots/${snap.body.snapshot.id}`, { key })).status).toBe(404);
});

test("a failing hypervisor leaves the instance failed and the action failed", async () => {
  const key = state().b.readWriteKey;
  const created = await newInstance(key, { hostname: "fail-provision-1" });
  await waitForStatus(key, created.id, "failed");
});

test("running instances are charged per started hour as compute usage, each charge naming the instance", async () => {
  const key = state().b.readWriteKey;
  const created = await newInstance(key, { plan: "c-4vcpu-8gb", hostname: `billed-${Date.now() % 100000}` });
  await waitForStatus(key, created.id, "running");
  await expect
    .poll(async () => {
      const usage = await call("GET", "/api/public/v1/usage?engine=compute", { key });
      return usage.body.totals.credits;
    }, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(0.12);
  const ledger = await call("GET", "/v1/billing/transactions?limit=100", { key });
  const charges = ledger.body.transactions.filter((t: { resource: string | null }) => t.resource === created.id);
  expect(charges.length).toBeGreaterThan(0);
  for (const charge of charges) {
    expect(charge).toMatchObject({ type: "charge", amount: -0.12, description: `Compute: an hour of ${created.hostname} (c-4vcpu-8gb)` });
  }
});

test("bad bodies: mass assignment, unknown catalog ids, another project's SSH key", async () => {
  const { a, b } = state();
  const ssh_key_id = await newSshKey(a.readWriteKey);
  const body = { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id, hostname: "web-1" };
  for (const field of ["status", "id", "project_id", "created_at", "ipv4"]) {
    const res = await call("POST", "/v1/instances", { key: a.readWriteKey, body: { ...body, [field]: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_body", param: field });
  }
  expect((await call("POST", "/v1/instances", { key: a.readWriteKey, body: { ...body, plan: "huge" } })).body.error.param).toBe("plan");
  expect((await call("POST", "/v1/instances", { key: a.readWriteKey, body: { ...body, hostname: "Bad_Host" } })).body.error.param).toBe("hostname");
  const foreign = await call("POST", "/v1/instances", { key: b.readWriteKey, body });
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.param).toBe("ssh_key_id");
  expect((await call("PATCH", "/v1/instances/ins_nope", { key: a.readWriteKey, body: { status: "running" } })).body.error.param).toBe("status");
  expect((await call("GET", "/v1/instances?status=sleeping", { key: a.readWriteKey })).body.error.param).toBe("status");
  const catalog = await call("GET", "/v1/catalog", { key: a.readKey });
  expect(catalog.body.plans.every((p: { id: string; hourly_rate: number }) => p.id && p.hourly_rate > 0)).toBe(true);
});

test("50 concurrent identical POST /v1/instances with one Idempotency-Key create exactly one instance", async () => {
  const key = state().b.readWriteKey;
  const ssh_key_id = await newSshKey(key);
  const hostname = `idem-${Date.now() % 100000}`;
  const body = { product: "debian-12", plan: "s-1vcpu-1gb", region: "nyc1", ssh_key_id, hostname };
  const idempotencyKey = `create-${hostname}`;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => call("POST", "/v1/instances", { key, body, headers: { "idempotency-key": idempotencyKey } })),
  );
  const created = answers.filter((a) => a.status === 202);
  expect(created.length).toBeGreaterThanOrEqual(1);
  expect(answers.every((a) => a.status === 202 || (a.status === 409 && a.body.error.code === "idempotency_key_in_use"))).toBe(true);
  expect(new Set(created.map((a) => a.body.instance.id)).size).toBe(1);
  const listed = await call("GET", "/v1/instances?limit=100", { key });
  expect(listed.body.instances.filter((i: { hostname: string }) => i.hostname === hostname)).toHaveLength(1);
  const replay = await call("POST", "/v1/instances", { key, body, headers: { "idempotency-key": idempotencyKey } });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(replay.body.instance.id).toBe(created[0].body.instance.id);
});
