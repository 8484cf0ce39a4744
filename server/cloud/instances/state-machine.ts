// Instance statuses and every transition, in one table. An operation is allowed only from the
// statuses listed; it moves the instance to its transient status at once and to the settled
// status when the driver finishes (`previous` = back where it was).
export const statuses = [
  "provisioning", "running", "stopping", "stopped", "starting", "rebooting", "resizing", "snapshotting", "deleting", "deleted", "failed",
] as const;
export type InstanceStatus = (typeof statuses)[number];

export type Operation = "create" | "power_on" | "power_off" | "reboot" | "resize" | "snapshot" | "delete";

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
