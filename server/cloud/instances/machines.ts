// What the compute driver is told of an instance (MachineRef), read from the database: its SSH
// key, the engine's name of the snapshot or backup it is restored from, its relay port.
import "server-only";
import type { Instance } from "@prisma/client";
import { db } from "../../db";
import { isUniqueViolation } from "../../db-errors";
import { env } from "../../env";
import { DriverRefusal, type MachineRef } from "../driver/types";

export async function machineOf(i: Instance): Promise<MachineRef> {
  const [key, snapshot, backup] = await Promise.all([
    i.sshKeyId ? db().sshKey.findUnique({ where: { id: i.sshKeyId }, select: { publicKey: true } }) : null,
    i.snapshotId ? db().snapshot.findUnique({ where: { id: i.snapshotId }, select: { engineRef: true } }) : null,
    i.backupId ? db().backup.findUnique({ where: { id: i.backupId }, select: { storedAt: true } }) : null,
  ]);
  return {
    instanceId: i.id, plan: i.plan, region: i.region, hostname: i.hostname, image: i.image ?? i.product,
    snapshotId: i.snapshotId, snapshotRef: snapshot?.engineRef ?? null, backupId: i.backupId, backupStoredAt: backup?.storedAt ?? null,
    sshKeys: key ? [key.publicKey] : [], sshPort: i.sshPort,
  };
}

/** DOCKER_SSH_PORTS as numbers. */
export function sshPortRange(): { first: number; last: number } {
  const [first, last] = env.DOCKER_SSH_PORTS.split("-").map(Number);
  return { first, last };
}

/**
 * Gives the instance the lowest relay port no other instance (not deleted) holds, once: the
 * unique index decides between two instances taking the same port at once (the loser takes the next).
 */
export async function allocateSshPort(instance: Instance): Promise<Instance> {
  if (instance.sshPort !== null) return instance;
  const { first, last } = sshPortRange();
  for (let attempt = 0; attempt < 20; attempt++) {
    const [free] = await db().$queryRaw<{ port: number }[]>`
      SELECT p AS port FROM generate_series(${first}::int, ${last}::int) p
      WHERE NOT EXISTS (SELECT 1 FROM instances WHERE ssh_port = p AND status <> 'deleted') ORDER BY p LIMIT 1`;
    if (!free) throw new DriverRefusal("This cloud has no room for another instance right now (every SSH port is taken).");
    try {
      await db().instance.updateMany({ where: { id: instance.id, sshPort: null }, data: { sshPort: free.port } });
      return db().instance.findUniqueOrThrow({ where: { id: instance.id } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new DriverRefusal("This cloud has no room for another instance right now.");
}
