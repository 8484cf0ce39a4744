// The job that carries an instance operation through the compute driver and records the outcome:
// settled status, completed action, events (status change, snapshot/backup completed, deleted),
// all in one transaction. Idempotent: a job that runs again after a crash finds its action done
// and stops, or repeats driver work that is itself idempotent.
import "server-only";
import type { Instance } from "@prisma/client";
import { db, type Tx } from "../../db";
import { newId } from "../../ids";
import { log } from "../../log";
import { enqueue } from "../../jobs/queue";
import { registerJob } from "../../jobs/runner";
import { writeEvent } from "../../events/outbox";
import { driverFor } from "../driver";
import { DriverRefusal, type StoredBackup } from "../driver/types";
import { allocateSshPort, machineOf } from "./machines";
import { startRun } from "./compute-billing";
import { endRunIfStopped } from "./runs";
import { backupFailureReason, failureReason } from "./failures";
import { backupFrom, frozen, settledStatus, statusAfterFailure, transitions, type InstanceStatus } from "../../vocab/instance-states";
import { BACKUP_JOB, OPERATION_JOB, SNAPSHOT_DISCARD_JOB, statusEvent, type OperationJob } from "./transitions";
import { snapshotView, backupView, instanceView } from "./views";

/** What the backup store holds of a backup, as its row keeps it (nothing for a simulated one). */
const storedFields = (stored: StoredBackup | null) =>
  stored ? { sizeBytes: BigInt(stored.sizeBytes), checksum: stored.checksum, storedAt: stored.storedAt } : {};

/** Moves the instance out of its transient status, if it is still in it, and records the event. */
async function settle(tx: Tx, job: OperationJob, status: InstanceStatus, data: Partial<Instance> = {}): Promise<Instance | null> {
  const during = transitions[job.operation].during;
  const { count } = await tx.instance.updateMany({ where: { id: job.instanceId, status: during }, data: { ...data, status } });
  if (count === 0) return null;
  await endRunIfStopped(tx, job.instanceId, status);
  const instance = await tx.instance.findUniqueOrThrow({ where: { id: job.instanceId } });
  await statusEvent(tx, instance, during);
  return instance;
}

export async function runOperation(job: OperationJob): Promise<void> {
  const action = await db().action.findUnique({ where: { id: job.actionId }, include: { instance: true } });
  if (!action || action.status !== "in_progress") return;
  let instance = action.instance;
  let result: Partial<Instance> = {};
  let snapshot = { sizeGb: 0, ref: null as string | null };
  try {
    const driver = driverFor(instance.engine);
    // A real machine is reached on a port of its own, given before it is made (and kept for life).
    if (job.operation === "create" && instance.engine !== "simulated") instance = await allocateSshPort(instance);
    const machine = await machineOf(instance);
    switch (job.operation) {
      case "create": result = { ...(await driver.provision(machine)) }; break;
      case "power_on": await driver.powerOn(machine); break;
      case "power_off": await driver.powerOff(machine); break;
      case "reboot": await driver.reboot(machine); break;
      case "resize": await driver.resize(machine, job.plan!); result = { plan: job.plan! }; break;
      case "snapshot": snapshot = await driver.snapshot(machine, job.snapshotId!); break;
      case "delete": await driver.destroy(machine); break;
    }
  } catch (error) {
    // The hypervisor refused: final, not retried. The instance goes back (or to failed). Anything
    // else (the engine unreachable for a moment) is retried by the job runner, then failed.
    log.warn({ instance: instance.id, operation: job.operation, err: (error as Error).message }, "driver operation failed");
    if (!(error instanceof DriverRefusal)) throw error;
    return fail(job, failureReason(job.operation, error, job.previous, instance.plan));
  }
  await db().$transaction(async (tx) => {
    const settled = await settle(tx, job, settledStatus(job.operation, job.previous), result);
    const outcome = settled ? { status: "completed" } : { status: "failed", reason: "The instance left the operation's status before it finished (it was deleted meanwhile)." };
    await tx.action.update({ where: { id: job.actionId }, data: { ...outcome, completedAt: new Date() } });
    if (!settled) return;
    // Running now: the run's first hour is charged with this change, or the instance powered off again.
    if (job.operation === "create" || job.operation === "power_on") await startRun(tx, settled.id);
    if (job.operation === "snapshot" && job.snapshotId) {
      const taken = await tx.snapshot.update({
        where: { id: job.snapshotId },
        data: { status: "available", sizeGb: snapshot.sizeGb, engineRef: snapshot.ref, completedAt: new Date() },
      });
      await writeEvent(tx, { workspaceId: settled.workspaceId, projectId: settled.projectId, type: "snapshot.completed", subject: settled.id, data: { snapshot: snapshotView(taken) } });
    }
    if (job.operation === "delete") {
      await writeEvent(tx, { workspaceId: settled.workspaceId, projectId: settled.projectId, type: "instance.deleted", subject: settled.id, data: { instance: instanceView(settled) } });
    }
    if (job.operation === "create" && settled.backups) await enqueue(tx, BACKUP_JOB, { instanceId: settled.id });
  });
}

/** The action failed, saying why; the instance goes back, or to failed carrying the same reason. */
async function fail(job: OperationJob, reason: string): Promise<void> {
  await releaseFailedMachine(job);
  await db().$transaction(async (tx) => {
    const status = statusAfterFailure(job.operation, job.previous);
    await settle(tx, job, status, status === "failed" ? { statusReason: reason } : {});
    await tx.action.updateMany({ where: { id: job.actionId, status: "in_progress" }, data: { status: "failed", reason, completedAt: new Date() } });
    if (job.snapshotId) await tx.snapshot.update({ where: { id: job.snapshotId }, data: { status: "failed", completedAt: new Date() } });
  });
}

/**
 * A create that failed on a real engine may have left a machine behind (made, never reachable):
 * it is removed now, since the failed instance is not charged (its delete removes it otherwise).
 */
async function releaseFailedMachine(job: OperationJob): Promise<void> {
  if (job.operation !== "create") return;
  const instance = await db().instance.findUnique({ where: { id: job.instanceId } });
  if (!instance || instance.engine === "simulated") return;
  await driverFor(instance.engine)
    .destroy(await machineOf(instance))
    .catch((err: unknown) => log.warn({ instance: instance.id, err: (err as Error).message }, "the machine of a failed create was not removed"));
}

/** A backup: taken on request (`backupId`: its row and action exist, pending), or scheduled. */
export async function runBackup(job: { instanceId: string; backupId?: string }): Promise<void> {
  return job.backupId ? backupOnRequest(job.backupId) : scheduledBackup(job);
}

/** A backup asked for: it becomes available (its action completed), or failed saying why. */
async function backupOnRequest(backupId: string): Promise<void> {
  const row = await db().backup.findUnique({ where: { id: backupId }, include: { instance: true } });
  if (!row || row.status !== "pending") return;
  const { instance } = row;
  // Deleting (or failed) meanwhile: there is no machine to back up any more.
  const gone = frozen.includes(instance.status as InstanceStatus);
  let taken: { sizeGb: number; stored: StoredBackup | null };
  try {
    if (gone) throw new Error(`the instance is ${instance.status}`);
    taken = await driverFor(instance.engine).backup(await machineOf(instance), backupId);
  } catch (error) {
    log.warn({ instance: instance.id, backup: backupId, err: (error as Error).message }, "backup failed");
    const reason = backupFailureReason(error, instance.status, gone);
    await db().$transaction(async (tx) => {
      const { count } = await tx.backup.updateMany({ where: { id: backupId, status: "pending" }, data: { status: "failed", completedAt: new Date() } });
      if (count === 0) return;
      await tx.action.updateMany({ where: { id: row.actionId ?? "", status: "in_progress" }, data: { status: "failed", reason, completedAt: new Date() } });
    });
    return;
  }
  await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM instances WHERE id = ${instance.id} FOR UPDATE`;
    const { count } = await tx.backup.updateMany({
      where: { id: backupId, status: "pending" },
      data: { status: "available", sizeGb: taken.sizeGb, ...storedFields(taken.stored), completedAt: new Date() },
    });
    if (count === 0) return;
    await tx.action.updateMany({ where: { id: row.actionId ?? "", status: "in_progress" }, data: { status: "completed", completedAt: new Date() } });
    const done = await tx.backup.findUniqueOrThrow({ where: { id: backupId }, include: { action: true } });
    await writeEvent(tx, { workspaceId: instance.workspaceId, projectId: instance.projectId, type: "backup.completed", subject: instance.id, data: { backup: backupView(done) } });
  });
}

/** How much later a scheduled backup that finds its instance busy (rebooting, resizing...) tries again. */
export const BUSY_BACKUP_RETRY_MS = 10 * 60 * 1000;

/**
 * A backup of a running or stopped instance with backups on (after creation, then daily). Backups
 * turned off, or the instance gone: the daily chain ends (turning them on starts a new one). The
 * instance busy for a moment: the backup waits for it, so the chain goes on.
 */
async function scheduledBackup({ instanceId }: { instanceId: string }): Promise<void> {
  const instance = await db().instance.findUnique({ where: { id: instanceId } });
  if (!instance || !instance.backups || frozen.includes(instance.status as InstanceStatus)) return;
  if (!backupFrom.includes(instance.status as InstanceStatus)) {
    await db().$transaction((tx) => enqueue(tx, BACKUP_JOB, { instanceId }, new Date(Date.now() + BUSY_BACKUP_RETRY_MS)));
    return;
  }
  const backupId = newId("bkp");
  const { sizeGb, stored } = await driverFor(instance.engine).backup(await machineOf(instance), backupId);
  await db().$transaction(async (tx) => {
    // The instance's row lock orders this event after any status change committing meanwhile.
    await tx.$queryRaw`SELECT id FROM instances WHERE id = ${instanceId} FOR UPDATE`;
    const row = await tx.backup.create({
      data: { id: backupId, projectId: instance.projectId, instanceId, status: "available", sizeGb, ...storedFields(stored), completedAt: new Date() },
    });
    await writeEvent(tx, { workspaceId: instance.workspaceId, projectId: instance.projectId, type: "backup.completed", subject: instance.id, data: { backup: backupView(row) } });
    await enqueue(tx, BACKUP_JOB, { instanceId }, new Date(Date.now() + 24 * 3600 * 1000));
  });
}

export function registerInstanceJobs(): void {
  registerJob(OPERATION_JOB, {
    run: runOperation,
    failed: async (job: OperationJob, error: Error) => {
      const instance = await db().instance.findUnique({ where: { id: job.instanceId }, select: { plan: true } });
      await fail(job, failureReason(job.operation, error, job.previous, instance?.plan ?? ""));
    },
  });
  registerJob(BACKUP_JOB, { run: runBackup });
  registerJob(SNAPSHOT_DISCARD_JOB, { run: ({ engine, ref }: { engine: string; ref: string }) => driverFor(engine).discardSnapshot(ref) });
}
