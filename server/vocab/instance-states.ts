// Instance statuses and every transition, in one table, and every other list of statuses the
// service, its schemas and the console use: nothing outside this file spells a status list. An
// operation is allowed only from the statuses listed; it moves the instance to its transient
// status at once and to the settled status when the driver finishes (`previous` = back where it was).
// The console shows the allowed actions from it. Imports nothing, so the browser may import it too
// (vocab.test.ts).
export const statuses = [
  "provisioning", "running", "stopping", "stopped", "starting", "rebooting", "resizing", "snapshotting", "deleting", "deleted", "failed",
] as const;
export type InstanceStatus = (typeof statuses)[number];

export const operations = ["create", "power_on", "power_off", "reboot", "resize", "snapshot", "delete"] as const;
export type Operation = (typeof operations)[number];

/** The operations a client starts with POST /v1/instances/{id}/actions. */
export const powerActions = ["power_on", "power_off", "reboot"] as const satisfies readonly Operation[];
export type PowerAction = (typeof powerActions)[number];

/** What an action record can be: an operation, or a backup the service took. */
export const actionTypes = [...operations, "backup"] as const;
export const actionStatuses = ["in_progress", "completed", "failed"] as const;
export type ActionStatus = (typeof actionStatuses)[number];

/** Statuses of a snapshot or a backup. */
export const imageStatuses = ["pending", "available", "failed"] as const;

type Transition = { from: InstanceStatus[] | "any-live"; during: InstanceStatus; after: InstanceStatus | "previous" };

export const transitions: Record<Operation, Transition> = {
  create: { from: [], during: "provisioning", after: "running" },
  power_on: { from: ["stopped"], during: "starting", after: "running" },
  power_off: { from: ["running"], during: "stopping", after: "stopped" },
  reboot: { from: ["running"], during: "rebooting", after: "running" },
  resize: { from: ["running", "stopped"], during: "resizing", after: "previous" },
  snapshot: { from: ["running", "stopped"], during: "snapshotting", after: "previous" },
  delete: { from: "any-live", during: "deleting", after: "deleted" },
};

/** Statuses in which an instance exists and is not in the middle of being deleted. */
const live: InstanceStatus[] = ["provisioning", "running", "stopping", "stopped", "starting", "rebooting", "resizing", "snapshotting", "failed"];

/** Statuses in which an instance's hostname, backups and plan can no longer change. */
export const frozen: InstanceStatus[] = ["deleting", "deleted", "failed"];

/** Statuses in which a machine exists on the hypervisor and is charged per started hour. */
export const billed: InstanceStatus[] = ["running", "stopping", "starting", "rebooting", "resizing", "snapshotting"];

/** Statuses in which the service takes an instance's scheduled backup (else it skips that one). */
export const backupFrom: InstanceStatus[] = ["running", "stopped"];

/** The status that ends an instance's life: lists leave it out unless asked for. */
export const gone: InstanceStatus = "deleted";

export function allowedFrom(operation: Operation): InstanceStatus[] {
  const { from } = transitions[operation];
  return from === "any-live" ? live : from;
}

export function settledStatus(operation: Operation, previous: InstanceStatus): InstanceStatus {
  const { after } = transitions[operation];
  return after === "previous" ? previous : after;
}

/** Where a failed operation leaves the instance: provisioning failures are final, others go back. */
export function statusAfterFailure(operation: Operation, previous: InstanceStatus): InstanceStatus {
  return operation === "create" ? "failed" : operation === "delete" ? "failed" : previous;
}
