// The instance lifecycle through the cloud API: every transition observed through GET, every
// forbidden one refused with 409, the actions that follow each piece of work, failures that say
// why, and compute charged per started hour.
import { expect, test } from "@playwright/test";
import { call } from "../fixtures/api";
import { actionsOf, newInstance, newInstanceWithAction, newSshKey, waitForAction, waitForStatus } from "../fixtures/cloud";
import { state } from "../fixtures/state";

const act = (key: string, id: string, type: string) => call("POST", `/v1/instances/${id}/actions`, { key, body: { type } });

test("create → running, power off/on, reboot, resize, snapshot, delete — forbidden steps give 409", async () => {
  test.setTimeout(90_000);
  const key = state().a.readWriteKey;
  const { instance: created, action: creating } = await newInstanceWithAction(key, { backups: true });
  expect(created).toMatchObject({ status: "provisioning", plan: "s-1vcpu-1gb", backups: true, ipv4: null, status_reason: null, snapshot_id: null });
  expect(creating).toMatchObject({ instance_id: created.id, type: "create", status: "in_progress", status_reason: null, completed_at: null });
  expect(creating.id).toMatch(/^act_/);
  expect(created.id).toMatch(/^ins_/);
  // power_on needs a stopped instance: refused while provisioning and once running alike (no race
  // with the fast test hypervisor).
  expect((await act(key, created.id, "power_on")).status).toBe(409);

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
  expect(resized.body.action).toMatchObject({ instance_id: created.id, type: "resize", status: "in_progress" });
  expect((await waitForStatus(key, created.id, "running")).plan).toBe("s-2vcpu-4gb");
  expect((await waitForAction(key, resized.body.action.id)).status).toBe("completed");

  const renamed = await call("PATCH", `/v1/instances/${created.id}`, { key, body: { hostname: "renamed-host" } });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toEqual({ instance: expect.objectContaining({ hostname: "renamed-host" }) }); // no work, no action

  const snap = await call("POST", `/v1/instances/${created.id}/snapshots`, { key, body: { name: "before-delete" } });
  expect(snap.status).toBe(202);
  expect(snap.body.snapshot).toMatchObject({ status: "pending", name: "before-delete" });
  expect(snap.body.action).toMatchObject({ instance_id: created.id, type: "snapshot", status: "in_progress" });
  await expect.poll(async () => (await call("GET", `/v1/snapshots/${snap.body.snapshot.id}`, { key })).body.snapshot.status).toBe("available");
  await waitForStatus(key, created.id, "running");

  // Every piece of work so far, newest first, each completed; read keys may list them.
  const actions = await actionsOf(state().a.readKey, created.id);
  expect(actions.map((a) => a.type)).toEqual(["snapshot", "resize", "reboot", "power_on", "power_off", "create"]);
  expect(actions.map((a) => a.status)).toEqual(Array(6).fill("completed"));
  expect(actions[4].id).toBe(off.body.action.id);
  expect(actions[5].id).toBe(creating.id);

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

test("a create the hypervisor refuses: the instance is failed and says why, and so does its action", async () => {
  const key = state().b.readWriteKey;
  // The e2e server's hypervisor has no room for the largest plan in nyc1 (COMPUTE_DRIVER_FAULTS).
  const { instance, action } = await newInstanceWithAction(key, { region: "nyc1", plan: "m-8vcpu-64gb" });
  const failed = await waitForStatus(key, instance.id, "failed");
  expect(failed.status_reason).toBe(
    "Region nyc1 has no capacity for plan m-8vcpu-64gb right now. The instance was never started and nothing was charged for it. " +
      "Delete it and create another (another region or plan, or later).",
  );
  const done = await waitForAction(key, action.id);
  expect(done).toMatchObject({ type: "create", status: "failed", status_reason: failed.status_reason });
  expect(done.completed_at).not.toBeNull();
  expect(await actionsOf(key, instance.id)).toEqual([done]);
  // Nothing was charged for it, and it can be deleted; the reason goes with the failure.
  const ledger = await call("GET", "/v1/billing/transactions?limit=100", { key });
  expect(ledger.body.transactions.filter((t: { resource: string | null }) => t.resource === instance.id)).toEqual([]);
  expect((await call("POST", `/v1/instances/${instance.id}/actions`, { key, body: { type: "power_on" } })).status).toBe(409);
  expect((await call("DELETE", `/v1/instances/${instance.id}`, { key })).status).toBe(202);
  expect((await waitForStatus(key, instance.id, "deleted")).status_reason).toBeNull();
});

test("a resize the hypervisor refuses: the action failed and says why; the instance runs on its old plan", async () => {
  const key = state().b.readWriteKey;
  const instance = await newInstance(key, { region: "fra1" });
  await waitForStatus(key, instance.id, "running");
  // No room for the largest plan in fra1 on the e2e server's hypervisor.
  const resize = await call("PATCH", `/v1/instances/${instance.id}`, { key, body: { plan: "m-8vcpu-64gb" } });
  expect(resize.status).toBe(202);
  const done = await waitForAction(key, resize.body.action.id);
  expect(done).toMatchObject({ type: "resize", status: "failed" });
  expect(done.status_reason).toBe(
    "Region fra1 has no capacity for plan m-8vcpu-64gb right now. The instance is running on plan s-1vcpu-1gb as before; try again later or pick another plan.",
  );
  const after = await waitForStatus(key, instance.id, "running");
  expect(after).toMatchObject({ plan: "s-1vcpu-1gb", status_reason: null });
});

test("GET /v1/instances/{id}/actions pages newest first; another project's instance is not found", async () => {
  const { a, b } = state();
  const instance = await newInstance(a.readWriteKey);
  await waitForStatus(a.readWriteKey, instance.id, "running");
  for (const type of ["reboot", "power_off"]) {
    expect((await act(a.readWriteKey, instance.id, type)).status).toBe(202);
    await waitForStatus(a.readWriteKey, instance.id, type === "reboot" ? "running" : "stopped");
  }
  const first = await call("GET", `/v1/instances/${instance.id}/actions?limit=2`, { key: a.readKey });
  expect(first.status).toBe(200);
  expect(Object.keys(first.body).sort()).toEqual(["actions", "next_cursor"]);
  expect(first.body.actions.map((x: { type: string }) => x.type)).toEqual(["power_off", "reboot"]);
  expect(first.body.next_cursor).toBe(first.body.actions[1].id);
  const rest = await call("GET", `/v1/instances/${instance.id}/actions?limit=2&cursor=${first.body.next_cursor}`, { key: a.readKey });
  expect(rest.body).toEqual({ actions: [expect.objectContaining({ type: "create", instance_id: instance.id })], next_cursor: null });
  const foreign = await call("GET", `/v1/instances/${instance.id}/actions`, { key: b.readKey });
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.code).toBe("not_found");
  expect((await call("GET", "/v1/instances/ins_01jd0v6x4m8q2r5t7w9y1b3c5e/actions", { key: a.readKey })).status).toBe(404);
  expect((await call("GET", `/v1/instances/${instance.id}/actions?limit=0`, { key: a.readKey })).body.error.param).toBe("limit");
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
  // The charges of this instance (others of the workspace may be charged meanwhile).
  let charges: { resource: string }[] = [];
  await expect
    .poll(async () => {
      const ledger = await call("GET", "/v1/billing/transactions?limit=100", { key });
      charges = ledger.body.transactions.filter((t: { resource: string | null }) => t.resource === created.id);
      return charges.length;
    }, { timeout: 15_000 })
    .toBeGreaterThan(0);
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
