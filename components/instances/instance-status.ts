// What the console makes of an instance's status: its badge tone, whether it is on its way to
// another one (then the pages poll fast), and why an operation is not possible now. Read from the
// service's own state machine, so the buttons offer exactly what the API would accept.
import type { BadgeTone } from "@/components/ui/badge";
import { allowedFrom, frozen, transitions, type InstanceStatus, type Operation } from "@/server/vocab/instance-states";

const moving = new Set<string>(Object.values(transitions).map((transition) => transition.during));

/** True while the instance is on its way from one status to another (provisioning, stopping...). */
export const isMoving = (status: string | undefined) => status !== undefined && moving.has(status);

/** How often to ask again: quickly while anything moves, rarely when all is still, never once gone. */
export function pollEvery(statuses: (string | undefined)[]): number | false {
  if (statuses.some(isMoving)) return 1_500;
  return statuses.length > 0 && statuses.every((status) => status === "deleted") ? false : 30_000;
}

export function statusTone(status: string): BadgeTone {
  if (status === "running") return "good";
  if (status === "failed") return "bad";
  if (status === "deleting") return "warn";
  if (isMoving(status)) return "busy";
  return "neutral";
}

const words: Record<Operation, string> = {
  create: "Creating",
  power_on: "Power on",
  power_off: "Power off",
  reboot: "Reboot",
  resize: "Resizing",
  snapshot: "A snapshot",
  delete: "Deleting",
};

/** Why `operation` cannot start from `status`, in a sentence; null when it can. */
export function refusal(operation: Operation, status: string): string | null {
  const from = allowedFrom(operation);
  if (from.includes(status as InstanceStatus)) return null;
  return `${words[operation]} needs the instance ${from.join(" or ")}; it is ${status}.`;
}

/** Why hostname, backups and plan cannot change now; null when they can. */
export function settingsRefusal(status: string): string | null {
  return frozen.includes(status as InstanceStatus) ? `The instance is ${status}; its settings can no longer change.` : null;
}
