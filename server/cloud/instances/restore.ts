// Creating an instance from a snapshot: the snapshot must be this project's, finished, of the
// image asked for, and fit on the plan's disk. Each refusal names the field to change.
import "server-only";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ProjectActor } from "../../actor";
import { planOf } from "../catalog";
import type { CreateInstanceInput } from "./schema";

/** Checks `input.snapshot_id` (when given) can be restored as asked; returns it, or null. */
export async function snapshotToRestore(actor: ProjectActor, input: CreateInstanceInput): Promise<string | null> {
  if (input.snapshot_id === undefined) return null;
  const snapshot = await db().snapshot.findFirst({
    where: { id: input.snapshot_id, projectId: actor.projectId },
    select: { id: true, status: true, sizeGb: true, instance: { select: { product: true } } },
  });
  if (!snapshot) throw new AppError("not_found", `No snapshot ${input.snapshot_id} in this project; GET /v1/snapshots lists them.`, { param: "snapshot_id" });
  if (snapshot.status === "pending") {
    throw new AppError("conflict", `The snapshot ${snapshot.id} is still being taken; create the instance once it is available.`, { param: "snapshot_id" });
  }
  if (snapshot.status !== "available") {
    throw new AppError("conflict", `The snapshot ${snapshot.id} failed and holds nothing to restore; take another snapshot.`, { param: "snapshot_id" });
  }
  if (snapshot.instance.product !== input.product) {
    throw new AppError("invalid_body", `The snapshot ${snapshot.id} holds a ${snapshot.instance.product} disk; send product \`${snapshot.instance.product}\`.`, {
      param: "product",
    });
  }
  const disk = planOf(input.plan)!.disk_gb;
  if (disk < snapshot.sizeGb) {
    throw new AppError("invalid_body", `The snapshot ${snapshot.id} needs a disk of at least ${snapshot.sizeGb} GB; plan ${input.plan} has ${disk} GB. Pick a larger plan.`, {
      param: "plan",
    });
  }
  return snapshot.id;
}
