// Compute hours on the real database: the first hour is charged when the instance becomes
// running, in the same transaction; every hour begun before a stop or a delete is charged even if
// the biller only runs after it; no hour is charged twice; power_on needs the first hour's credits;
// hours count on the creating key's monthly limit and every key above it.
import { describe, expect, it, vi } from "vitest";

// The simulated hypervisor's delays, shortened: these tests are about money, not waiting.
vi.hoisted(() => {
  process.env.COMPUTE_DRIVER_SPEED = "0.01";
});
import { db } from "../../db";
import { newId } from "../../ids";
import { createKey, getKey } from "../../keys/service";
import type { ProjectActor } from "../../actor";
import { books, newWorkspace } from "../../../test/kits/workspaces";
import { billCompute } from "./compute-billing";
import { runOperation } from "./operations";
import { createInstance, deleteInstance, instanceAction } from "./service";
import { OPERATION_JOB, type OperationJob } from "./transitions";

const HOUR = 120_000n; // c-4vcpu-8gb: 0.12 credits an hour

async function setUp(micro: bigint) {
  const { workspaceId, projectId } = await newWorkspace(micro);
  const sshKeyId = newId("ssh");
  await db().sshKey.create({ data: { id: sshKeyId, projectId, name: "k", publicKey: "ssh-ed25519 AAAA", fingerprint: `SHA256:${sshKeyId}` } });
  const console: ProjectActor = { workspaceId, projectId, maxScope: "read_write", by: { type: "user", id: "usr_test" } };
  const input = { product: "ubuntu-24.04" as const, plan: "c-4vcpu-8gb" as const, region: "fra1" as const, ssh_key_id: sshKeyId, hostname: "h1", backups: false };
  return { console, input, workspaceId };
}

/** Runs the instance's pending operation job, as the job runner would. */
async function finish(instanceId: string) {
  const jobs = await db().job.findMany({ where: { kind: OPERATION_JOB, doneAt: null, payload: { path: ["instanceId"], equals: instanceId } } });
  for (const job of jobs) {
    await runOperation(job.payload as OperationJob);
    await db().job.update({ where: { id: job.id }, data: { doneAt: new Date() } });
  }
  return db().instance.findUniqueOrThrow({ where: { id: instanceId } });
}

/** What the instance was charged, from the ledger. */
async function charged(instanceId: string) {
  const sum = await db().ledgerEntry.aggregate({ where: { resource: instanceId, kind: "charge" }, _sum: { amount: true } });
  return -(sum._sum.amount ?? 0n);
}

/** Moves the instance's billing back in time, as if its run had begun `hours` ago. */
async function runningFor(instanceId: string, hours: number) {
  const row = await db().instance.findUniqueOrThrow({ where: { id: instanceId } });
  await db().instance.update({ where: { id: instanceId }, data: { billedThrough: new Date(row.billedThrough!.getTime() - hours * 3_600_000) } });
}

describe("compute hours", () => {
  it("an instance deleted right after it became running is charged its first hour, once", async () => {
    const { console, input, workspaceId } = await setUp(10_000_000n);
    const { instance } = await createInstance(console, input);
    expect((await finish(instance.id)).status).toBe("running");
    expect(await charged(instance.id)).toBe(HOUR);
    await deleteInstance(console, instance.id);
    expect((await finish(instance.id)).status).toBe("deleted");
    await billCompute();
    expect(await charged(instance.id)).toBe(HOUR);
    const after = await books(workspaceId);
    expect(after).toEqual({ balance: 10_000_000n - HOUR, reserved: 0n, ledger: 10_000_000n - HOUR });
  });

  it("every hour begun before a power off is charged, even when the biller runs after it", async () => {
    const { console, input } = await setUp(10_000_000n);
    const { instance } = await createInstance(console, input);
    await finish(instance.id);
    await runningFor(instance.id, 1.5); // the second hour has begun and is not charged yet
    await instanceAction(console, instance.id, "power_off");
    expect((await finish(instance.id)).status).toBe("stopped");
    await billCompute();
    expect(await charged(instance.id)).toBe(2n * HOUR);
    await billCompute();
    expect(await charged(instance.id)).toBe(2n * HOUR);
  });

  it("powering on charges the last run's unpaid hours, then the new run's first hour", async () => {
    const { console, input } = await setUp(10_000_000n);
    const { instance } = await createInstance(console, input);
    await finish(instance.id);
    await runningFor(instance.id, 1.5);
    await instanceAction(console, instance.id, "power_off");
    await finish(instance.id);
    await instanceAction(console, instance.id, "power_on");
    expect((await finish(instance.id)).status).toBe("running");
    expect(await charged(instance.id)).toBe(3n * HOUR);
  });

  it("power_on answers 402 when the first hour cannot be paid, and the instance stays stopped", async () => {
    const { console, input, workspaceId } = await setUp(HOUR + 50_000n);
    const { instance } = await createInstance(console, input);
    await finish(instance.id);
    await instanceAction(console, instance.id, "power_off");
    await finish(instance.id);
    const error = await instanceAction(console, instance.id, "power_on").catch((e) => e);
    expect(error).toMatchObject({ code: "insufficient_credits", extra: { balance: 0.05, required: 0.12 } });
    expect((await db().instance.findUniqueOrThrow({ where: { id: instance.id } })).status).toBe("stopped");
    expect((await books(workspaceId)).balance).toBe(50_000n);
  });

  it("two billers at once charge each begun hour once", async () => {
    const { console, input, workspaceId } = await setUp(10_000_000n);
    const { instance } = await createInstance(console, input);
    await finish(instance.id);
    await runningFor(instance.id, 3.5); // hours 2, 3 and 4 have begun
    await Promise.all([billCompute(), billCompute(), billCompute()]);
    expect(await charged(instance.id)).toBe(4n * HOUR);
    const after = await books(workspaceId);
    expect(after.ledger).toBe(after.balance);
  });

  it("hours count on the creating key's monthly limit and its parent's; a key with a limit of 0 creates nothing", async () => {
    const { console, input, workspaceId } = await setUp(10_000_000n);
    const asKey = (id: string): ProjectActor => ({ ...console, by: { type: "api_key", id } });
    const zero = (await createKey(console, { name: "zero", scope: "read_write", monthly_credit_limit: 0 })).api_key.id;
    const refused = await createInstance(asKey(zero), input).catch((e) => e);
    expect(refused).toMatchObject({ code: "key_credit_limit_reached", extra: { limit: 0, used: 0, required: 0.12 } });
    expect(await db().instance.count({ where: { workspaceId } })).toBe(0);

    const parent = (await createKey(console, { name: "parent", scope: "read_write", monthly_credit_limit: 0.3 })).api_key.id;
    const child = (await createKey(asKey(parent), { name: "child", scope: "read_write" })).api_key.id;
    const { instance } = await createInstance(asKey(child), input);
    await finish(instance.id);
    expect((await getKey(console, child)).api_key.credits_used_this_month).toBe(0.12);
    expect((await getKey(console, parent)).api_key.credits_used_this_month).toBe(0.12);
    const usage = await db().usageRecord.findMany({ where: { workspaceId, engine: "compute" } });
    expect(usage.map((u) => u.keyId)).toEqual([child]);

    await runningFor(instance.id, 2.5); // two more hours begun: the second fits in 0.3, the third does not
    await billCompute();
    expect(await charged(instance.id)).toBe(2n * HOUR);
    expect((await getKey(console, parent)).api_key.credits_used_this_month).toBe(0.24);
    expect((await db().instance.findUniqueOrThrow({ where: { id: instance.id } })).status).toBe("stopping");
    const after = await books(workspaceId);
    expect(after).toEqual({ balance: 10_000_000n - 2n * HOUR, reserved: 0n, ledger: 10_000_000n - 2n * HOUR });
  });
});
