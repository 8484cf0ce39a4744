// Instance rules on the real database: creation needs the first hour's credits; two racing
// operations cannot both start; an unpaid hour powers the instance off instead of dropping it;
// backups turned on later are scheduled, once.
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { newId } from "../../ids";
import { books, newWorkspace } from "../../../test/kits/workspaces";
import { billCompute } from "./compute-billing";
import { createInstance, instanceAction, updateInstance } from "./service";
import { BACKUP_JOB } from "./transitions";

async function setUp(micro: bigint) {
  const { workspaceId, projectId } = await newWorkspace(micro);
  const sshKeyId = newId("ssh");
  await db().sshKey.create({ data: { id: sshKeyId, projectId, name: "k", publicKey: "ssh-ed25519 AAAA", fingerprint: `SHA256:${sshKeyId}` } });
  const actor = { workspaceId, projectId, maxScope: "read_write" as const };
  const input = { product: "ubuntu-24.04" as const, plan: "c-4vcpu-8gb" as const, region: "fra1" as const, ssh_key_id: sshKeyId, hostname: "h1", backups: false };
  return { actor, input, workspaceId };
}

async function makeRunning(id: string, billedThrough: Date) {
  await db().instance.update({ where: { id }, data: { status: "running", billedThrough } });
}

describe("instances", () => {
  it("refuses to create when the first hour cannot be paid (402 with balance and required)", async () => {
    const { actor, input } = await setUp(100_000n); // 0.1 credits; the plan costs 0.12 per hour
    const error = await createInstance(actor, input).catch((e) => e);
    expect(error).toMatchObject({ code: "insufficient_credits", extra: { balance: 0.1, required: 0.12 } });
    expect(await db().instance.count({ where: { projectId: actor.projectId } })).toBe(0);
  });

  it("lets exactly one of two racing operations start", async () => {
    const { actor, input } = await setUp(10_000_000n);
    const { instance } = await createInstance(actor, input);
    await makeRunning(instance.id, new Date(Date.now() + 3_600_000));
    const results = await Promise.allSettled([instanceAction(actor, instance.id, "power_off"), instanceAction(actor, instance.id, "reboot")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect(refused.reason.code).toBe("conflict");
  });

  it("charges each started hour through the ledger, and powers off an instance whose next hour is unpaid", async () => {
    const { actor, input, workspaceId } = await setUp(250_000n); // two hours at 0.12, not three
    const { instance } = await createInstance(actor, input);
    await makeRunning(instance.id, new Date(Date.now() - 2.5 * 3_600_000)); // three hours have started
    await billCompute();
    const after = await books(workspaceId);
    expect(after.balance).toBe(10_000n);
    expect(after.ledger).toBe(after.balance);
    const row = await db().instance.findUniqueOrThrow({ where: { id: instance.id } });
    expect(row.status).toBe("stopping");
    expect(row.billedThrough).toBeNull();
    const usage = await db().usageDaily.findMany({ where: { workspaceId, engine: "compute" } });
    expect(usage.reduce((n, u) => n + u.credits, 0n)).toBe(240_000n);
  });

  it("backups turned on after creation get their first backup scheduled, once however often they are toggled", async () => {
    const { actor, input } = await setUp(10_000_000n);
    const { instance } = await createInstance(actor, input);
    await makeRunning(instance.id, new Date(Date.now() + 3_600_000));
    const queued = () => db().job.count({ where: { kind: BACKUP_JOB, doneAt: null, payload: { path: ["instanceId"], equals: instance.id } } });
    expect(await queued()).toBe(0);
    await updateInstance(actor, instance.id, { backups: true });
    expect(await queued()).toBe(1);
    await updateInstance(actor, instance.id, { backups: false });
    await updateInstance(actor, instance.id, { backups: true });
    expect(await queued()).toBe(1);
  });
});
