// Daily backups on the real database: a scheduled backup that finds its instance busy waits for
// it instead of ending the daily chain; one that finds it settled is taken and schedules the next.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db";
import { env } from "../../env";
import { newId } from "../../ids";
import { newWorkspace } from "../../../test/kits/workspaces";
import { BUSY_BACKUP_RETRY_MS, runBackup } from "./operations";
import { createInstance } from "./service";
import { BACKUP_JOB } from "./transitions";

const speed = env.COMPUTE_DRIVER_SPEED;
beforeAll(() => {
  env.COMPUTE_DRIVER_SPEED = 0.001;
});
afterAll(() => {
  env.COMPUTE_DRIVER_SPEED = speed;
});

async function instanceWithBackups() {
  const { workspaceId, projectId } = await newWorkspace(10_000_000n);
  const sshKeyId = newId("ssh");
  await db().sshKey.create({ data: { id: sshKeyId, projectId, name: "k", publicKey: "ssh-ed25519 AAAA", fingerprint: `SHA256:${sshKeyId}` } });
  const actor = { workspaceId, projectId, maxScope: "read_write" as const };
  const { instance } = await createInstance(actor, { product: "ubuntu-24.04", plan: "s-1vcpu-1gb", region: "fra1", ssh_key_id: sshKeyId, hostname: "daily", backups: true });
  return instance.id;
}

/** Scheduled backup jobs of the instance due after `from`, by how long after it. */
async function laterBackups(instanceId: string, from: number): Promise<number[]> {
  const jobs = await db().job.findMany({ where: { kind: BACKUP_JOB, doneAt: null, runAt: { gt: new Date(from) }, payload: { path: ["instanceId"], equals: instanceId } } });
  return jobs.map((job) => job.runAt.getTime() - from);
}

describe("scheduled backups", () => {
  it("wait for a busy instance, then are taken and schedule the next day's", async () => {
    const id = await instanceWithBackups();
    const started = Date.now();
    await db().instance.update({ where: { id }, data: { status: "resizing" } });
    await runBackup({ instanceId: id });
    expect(await db().backup.count({ where: { instanceId: id } })).toBe(0);
    const retries = await laterBackups(id, started);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toBeGreaterThanOrEqual(BUSY_BACKUP_RETRY_MS);
    expect(retries[0]).toBeLessThan(BUSY_BACKUP_RETRY_MS + 60_000);

    await db().instance.update({ where: { id }, data: { status: "running" } });
    const settled = Date.now();
    await runBackup({ instanceId: id });
    expect(await db().backup.count({ where: { instanceId: id, status: "available" } })).toBe(1);
    const next = await laterBackups(id, settled + BUSY_BACKUP_RETRY_MS + 60_000);
    expect(next).toHaveLength(1);
  });

  it("end with the instance or with backups turned off", async () => {
    const id = await instanceWithBackups();
    const started = Date.now();
    await db().instance.update({ where: { id }, data: { status: "deleting" } });
    await runBackup({ instanceId: id });
    await db().instance.update({ where: { id }, data: { status: "running", backups: false } });
    await runBackup({ instanceId: id });
    expect(await laterBackups(id, started)).toEqual([]);
    expect(await db().backup.count({ where: { instanceId: id } })).toBe(0);
  });
});
