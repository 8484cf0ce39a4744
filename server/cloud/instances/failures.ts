// Why an operation failed, in our words: what the hypervisor said (when it said something a
// customer may read) and what that means for the instance and what to do next. Stored on the
// failed action and, when the instance itself is failed, as its `status_reason`.
import "server-only";
import { DriverRefusal } from "../driver/types";
import type { InstanceStatus, Operation } from "../../vocab/instance-states";

const UNKNOWN = "The hypervisor did not complete the operation.";

export function failureReason(operation: Operation, error: unknown, previous: InstanceStatus, plan: string): string {
  const cause = error instanceof DriverRefusal ? error.reason : UNKNOWN;
  switch (operation) {
    case "create":
      return `${cause} The instance was never started and nothing was charged for it. Delete it and create another (another region or plan, or later).`;
    case "delete":
      return `${cause} The instance no longer runs and is no longer charged. Delete it again.`;
    case "resize":
      return `${cause} The instance is ${previous} on plan ${plan} as before; try again later or pick another plan.`;
    case "snapshot":
      return `${cause} No snapshot was taken; the instance is ${previous} as before. Try again.`;
    default:
      return `${cause} The instance is ${previous} as before. Try again.`;
  }
}

/** Why a backup taken on request failed: the hypervisor's words, or that the instance went away first. */
export function backupFailureReason(error: unknown, status: string, gone: boolean): string {
  if (gone) return `The instance became ${status} before the backup was taken; no backup was taken.`;
  const cause = error instanceof DriverRefusal ? error.reason : UNKNOWN;
  return `${cause} No backup was taken; the instance is ${status} as before. Try again.`;
}
