// Creating an instance from a snapshot or a backup: it must be this project's, finished, of the
// image asked for, and fit on the plan's disk. Each refusal names the field to change.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { ProjectActor } from "../../actor";
import { planOf } from "../catalog";
import type { CreateInstanceInput } from "./schema";

type Image = { id: string; status: string; sizeGb: number; instance: { product: string; engine: string } };
type Kind = { name: "snapshot" | "backup"; param: "snapshot_id" | "backup_id"; listed: string };

const snapshotKind: Kind = { name: "snapshot", param: "snapshot_id", listed: "GET /v1/snapshots lists them" };
const backupKind: Kind = { name: "backup", param: "backup_id", listed: "GET /v1/instances/{id}/backups lists an instance's backups" };
const select = { id: true, status: true, sizeGb: true, instance: { select: { product: true, engine: true } } } as const;

/** What the instance's disk is restored from (`snapshot_id` or `backup_id`, checked), or nulls for a fresh image. */
export async function imageToRestore(actor: ProjectActor, input: CreateInstanceInput, engine: string): Promise<{ snapshotId: string | null; backupId: string | null }> {
  if (input.snapshot_id !== undefined && input.backup_id !== undefined) {
    throw new AppError("invalid_body", "Send `snapshot_id` or `backup_id`, not both: an instance is restored from one of them.", { param: "backup_id" });
  }
  if (input.snapshot_id !== undefined) {
    const snapshot = await db().snapshot.findFirst({ where: { id: input.snapshot_id, projectId: actor.projectId }, select });
    return { snapshotId: check(snapshotKind, input.snapshot_id, snapshot, input, engine), backupId: null };
  }
  if (input.backup_id !== undefined) {
    const backup = await db().backup.findFirst({ where: { id: input.backup_id, projectId: actor.projectId }, select });
    return { snapshotId: null, backupId: check(backupKind, input.backup_id, backup, input, engine) };
  }
  return { snapshotId: null, backupId: null };
}

function check(kind: Kind, id: string, image: Image | null, input: CreateInstanceInput, engine: string): string {
  const { name, param } = kind;
  if (!image) throw new AppError("not_found", `No ${name} ${quoted(id)} in this project; ${kind.listed}.`, { param });
  if (image.status === "pending") {
    throw new AppError("conflict", `The ${name} ${image.id} is still being taken; create the instance once it is available.`, { param });
  }
  if (image.status !== "available") {
    throw new AppError("conflict", `The ${name} ${image.id} failed and holds nothing to restore; take another ${name}.`, { param });
  }
  if (image.instance.engine !== engine) {
    throw new AppError("invalid_body", `The ${name} ${image.id} holds the disk of a ${image.instance.engine} instance; this cloud now makes ${engine} instances, which cannot start from it.`, { param });
  }
  if (image.instance.product !== input.product) {
    throw new AppError("invalid_body", `The ${name} ${image.id} holds a ${image.instance.product} disk; send product \`${image.instance.product}\`.`, {
      param: "product",
    });
  }
  const disk = planOf(input.plan)!.disk_gb;
  if (disk < image.sizeGb) {
    throw new AppError("invalid_body", `The ${name} ${image.id} needs a disk of at least ${image.sizeGb} GB; plan ${input.plan} has ${disk} GB. Pick a larger plan.`, {
      param: "plan",
    });
  }
  return image.id;
}
