// Backups: scheduled by the service while an instance has backups on, or taken on request. A
// backup on request runs beside the instance (it keeps its status) with a `backup` action; one
// at a time per instance.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { projectChange, recordAudit } from "../../audit/service";
import { db } from "../../db";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { enqueue } from "../../jobs/queue";
import type { ProjectActor } from "../../actor";
import { backupFrom, type InstanceStatus } from "../../vocab/instance-states";
import { BACKUP_JOB } from "./transitions";
import { actionView, backupView } from "./views";

const notFound = (id: string) => new AppError("not_found", `No instance ${quoted(id)} in this project.`);

export async function createBackup(actor: ProjectActor, instanceId: string) {
  return db().$transaction(async (tx) => {
    const [instance] = await tx.$queryRaw<{ id: string; status: string; hostname: string }[]>`
      SELECT id, status, hostname FROM instances WHERE id = ${instanceId} AND project_id = ${actor.projectId} FOR UPDATE`;
    if (!instance) throw notFound(instanceId);
    if (!backupFrom.includes(instance.status as InstanceStatus)) {
      throw new AppError("conflict", `The instance is ${instance.status}; a backup needs it ${backupFrom.join(" or ")}.`);
    }
    const pending = await tx.backup.findFirst({ where: { instanceId, status: "pending" }, select: { id: true } });
    if (pending) throw new AppError("conflict", `The backup ${pending.id} of this instance is still being taken; ask again once it is available.`);
    const action = await tx.action.create({ data: { id: newId("act"), instanceId, projectId: actor.projectId, type: "backup" } });
    const backup = await tx.backup.create({ data: { id: newId("bkp"), projectId: actor.projectId, instanceId, actionId: action.id, sizeGb: 0 } });
    await enqueue(tx, BACKUP_JOB, { instanceId, backupId: backup.id });
    // A backup has no name of its own: it is named after its instance.
    await recordAudit(tx, projectChange(actor, "backup.create", { type: "backup", id: backup.id, name: instance.hostname }, { instance: [null, instanceId] }));
    return { backup: backupView({ ...backup, action }), action: actionView(action) };
  });
}

export async function listBackups(actor: ProjectActor, instanceId: string) {
  const instance = await db().instance.findFirst({ where: { id: instanceId, projectId: actor.projectId }, select: { id: true } });
  if (!instance) throw notFound(instanceId);
  const rows = await db().backup.findMany({ where: { instanceId }, orderBy: { id: "desc" }, take: 100, include: { action: true } });
  return { backups: rows.map(backupView) };
}
