// An instance's run: from the moment it becomes running to the moment no machine runs any more
// (stopped, or deleting begun). Every hour begun within it is charged (compute-billing.ts), after
// its end too, so a stop or a delete never makes a begun hour free.
import "server-only";
import type { Tx } from "../../db";
import { billed, type InstanceStatus } from "../../vocab/instance-states";

/**
 * The instance enters `status`: when no machine runs in it, its run (if any) ends now. A run paid
 * beyond its end owes nothing more (billed_through cleared); otherwise the biller charges the
 * hours begun before the end.
 */
export async function endRunIfStopped(tx: Tx, instanceId: string, status: InstanceStatus): Promise<void> {
  if (billed.includes(status)) return;
  await tx.$executeRaw`
    UPDATE instances SET run_ended_at = now(), billed_through = CASE WHEN billed_through >= now() THEN NULL ELSE billed_through END
    WHERE id = ${instanceId} AND run_ended_at IS NULL`;
}
