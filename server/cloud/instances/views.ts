// How instances, actions, snapshots and backups look on the wire.
import "server-only";
import type { Action, Backup, Instance, Snapshot } from "@prisma/client";

const time = (date: Date | null) => date?.toISOString() ?? null;

export const instanceView = (i: Instance) => ({
  id: i.id, hostname: i.hostname, product: i.product, plan: i.plan, region: i.region, ssh_key_id: i.sshKeyId,
  backups: i.backups, status: i.status, status_reason: i.statusReason, snapshot_id: i.snapshotId, backup_id: i.backupId, ipv4: i.ipv4, ipv6: i.ipv6, created_at: time(i.createdAt), updated_at: time(i.updatedAt),
});

export const actionView = (a: Action) => ({
  id: a.id, instance_id: a.instanceId, type: a.type, status: a.status, status_reason: a.reason, started_at: time(a.startedAt), completed_at: time(a.completedAt),
});

export const snapshotView = (s: Snapshot) => ({
  id: s.id, instance_id: s.instanceId, name: s.name, status: s.status, size_gb: s.sizeGb, created_at: time(s.createdAt), completed_at: time(s.completedAt),
});

/** A backup with the `backup` action that took it (null for a scheduled backup). */
export const backupView = (b: Backup & { action?: Action | null }) => ({
  id: b.id, instance_id: b.instanceId, status: b.status, size_gb: b.sizeGb, created_at: time(b.createdAt), completed_at: time(b.completedAt),
  action: b.action ? actionView(b.action) : null,
});
