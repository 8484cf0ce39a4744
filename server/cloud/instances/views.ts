// How instances, actions, snapshots and backups look on the wire.
import "server-only";
import type { Action, Backup, Instance, Snapshot } from "@prisma/client";
import { env } from "../../env";
import type { Engine } from "../images";

const time = (date: Date | null) => date?.toISOString() ?? null;

/** Statuses in which no machine can be logged into, or none ever ran. */
const unreachable = ["provisioning", "deleting", "deleted", "failed"];

/** Where its SSH relay is: once it first ran, while it exists (stopped too: the same place after power on). */
function sshOf(i: Instance) {
  if (i.engine === "simulated" || i.sshPort === null || unreachable.includes(i.status)) return null;
  return { host: env.DOCKER_SSH_PUBLIC_HOST ?? env.DOCKER_SSH_BIND, port: i.sshPort, user: "root" };
}

export const instanceView = (i: Instance) => ({
  id: i.id, hostname: i.hostname, product: i.product, plan: i.plan, region: i.region, ssh_key_id: i.sshKeyId,
  backups: i.backups, status: i.status, status_reason: i.statusReason, snapshot_id: i.snapshotId, backup_id: i.backupId, ipv4: i.ipv4, ipv6: i.ipv6,
  engine: i.engine as Engine, image: i.image ?? i.product, ssh: sshOf(i), created_at: time(i.createdAt), updated_at: time(i.updatedAt),
});

export const actionView = (a: Action) => ({
  id: a.id, instance_id: a.instanceId, type: a.type, status: a.status, status_reason: a.reason, started_at: time(a.startedAt), completed_at: time(a.completedAt),
});

export const snapshotView = (s: Snapshot) => ({
  id: s.id, instance_id: s.instanceId, name: s.name, status: s.status, size_gb: s.sizeGb, created_at: time(s.createdAt), completed_at: time(s.completedAt),
});

/** A backup with the `backup` action that took it (null for a scheduled backup). */
export const backupView = (b: Backup & { action?: Action | null }) => ({
  id: b.id, instance_id: b.instanceId, status: b.status, size_gb: b.sizeGb,
  size_bytes: b.sizeBytes === null ? null : Number(b.sizeBytes), checksum: b.checksum, stored_at: b.storedAt,
  created_at: time(b.createdAt), completed_at: time(b.completedAt),
  action: b.action ? actionView(b.action) : null,
});
