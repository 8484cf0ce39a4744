// Snapshots: taken on request, run as an instance operation (backups are in backups.ts).
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { AuditChanges } from "../../audit/changes";
import { projectChange, recordAudit } from "../../audit/service";
import { db } from "../../db";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { findPage, type ListInput } from "../../wire/page";
import type { ProjectActor } from "../../actor";
import { enqueue } from "../../jobs/queue";
import { begin, SNAPSHOT_DISCARD_JOB } from "./transitions";
import { actionView, snapshotView } from "./views";

export async function createSnapshot(actor: ProjectActor, instanceId: string, input: { name?: string }) {
  return db().$transaction(async (tx) => {
    const snapshotId = newId("snap");
    const { instance, action } = await begin(tx, actor.projectId, instanceId, "snapshot", { snapshotId });
    const snapshot = await tx.snapshot.create({
      data: { id: snapshotId, projectId: actor.projectId, instanceId, name: input.name ?? `${instance.hostname}-${new Date().toISOString().slice(0, 10)}`, sizeGb: 0 },
    });
    const changes = { name: [null, snapshot.name], instance: [null, instanceId] } satisfies AuditChanges;
    await recordAudit(tx, projectChange(actor, "snapshot.create", { type: "snapshot", id: snapshot.id, name: snapshot.name }, changes));
    return { snapshot: snapshotView(snapshot), action: actionView(action) };
  });
}

export async function listSnapshots(actor: ProjectActor, page: ListInput) {
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().snapshot.findMany({ where: { projectId: actor.projectId, ...cursorWhere }, ...args }),
  );
  return { snapshots: shown.map(snapshotView), next_cursor };
}

export async function getSnapshot(actor: ProjectActor, id: string) {
  const snapshot = await db().snapshot.findFirst({ where: { id, projectId: actor.projectId } });
  if (!snapshot) throw new AppError("not_found", `No snapshot ${quoted(id)} in this project.`);
  return { snapshot: snapshotView(snapshot) };
}

export async function deleteSnapshot(actor: ProjectActor, id: string): Promise<void> {
  const snapshot = await db().snapshot.findFirst({ where: { id, projectId: actor.projectId } });
  if (!snapshot) throw new AppError("not_found", `No snapshot ${quoted(id)} in this project.`);
  if (snapshot.status === "pending") throw new AppError("conflict", "The snapshot is still being taken; delete it once it is available.");
  const restoring = await db().instance.findFirst({ where: { snapshotId: id, projectId: actor.projectId, status: "provisioning" }, select: { id: true } });
  if (restoring) throw new AppError("conflict", `The instance ${restoring.id} is being restored from this snapshot; delete it once that instance is running.`);
  await db().$transaction(async (tx) => {
    await tx.snapshot.delete({ where: { id } });
    // The engine's image goes in a job of its own: never an engine call inside a request.
    if (snapshot.engineRef) {
      const { engine } = await tx.instance.findUniqueOrThrow({ where: { id: snapshot.instanceId }, select: { engine: true } });
      await enqueue(tx, SNAPSHOT_DISCARD_JOB, { engine, ref: snapshot.engineRef });
    }
    await recordAudit(tx, projectChange(actor, "snapshot.delete", { type: "snapshot", id, name: snapshot.name }));
  });
}
