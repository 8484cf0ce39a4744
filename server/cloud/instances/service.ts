// Instances of a project: create, list, read, change, delete, and power actions. Every query is
// scoped to the actor's project: another project's instance is not found, never forbidden.
import "server-only";
import { nameHolds } from "../../wire/search";
import { quoted } from "@/server/vocab/quoted";
import { holdProject } from "../../projects/room";
import { toCredits, toMicro } from "../../billing/credits";
import { requireFunds, requireKeyRoom } from "../../billing/funds";
import { changesOf } from "../../audit/changes";
import { projectChange, recordAudit } from "../../audit/service";
import { db } from "../../db";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { findPage, type ListInput } from "../../wire/page";
import { enqueue } from "../../jobs/queue";
import { actingKeyOf } from "../../keys/lineage";
import type { ProjectActor } from "../../actor";
import { writeEvent } from "../../events/outbox";
import { planOf, resizeRefusal } from "../catalog";
import { imageToRestore } from "./restore";
import { currentEngine } from "../driver";
import { imageFor } from "./images";
import type { CreateInstanceInput, UpdateInstanceInput } from "./schema";
import { frozen, gone, type InstanceStatus, type PowerAction } from "../../vocab/instance-states";
import { BACKUP_JOB, begin, startAction, statusEvent } from "./transitions";
import { actionView, instanceView } from "./views";

const firstHourMessage = (hourly: bigint) => `This plan costs ${toCredits(hourly)} credits per hour; add credits and retry.`;

const instanceTarget = (instance: { id: string; hostname: string }) => ({ type: "instance", id: instance.id, name: instance.hostname });
const createdFields = ["hostname", "product", "image", "plan", "region", "backups", "sshKeyId", "snapshotId", "backupId"] as const;

const notFound = (id: string) => new AppError("not_found", `No instance ${quoted(id)} in this project.`);

export async function createInstance(actor: ProjectActor, input: CreateInstanceInput) {
  const sshKey = await db().sshKey.findFirst({ where: { id: input.ssh_key_id, projectId: actor.projectId }, select: { id: true } });
  if (!sshKey) throw new AppError("not_found", `No SSH key ${quoted(input.ssh_key_id)} in this project.`, { param: "ssh_key_id" });
  const engine = currentEngine();
  const image = imageFor(engine, input);
  const { snapshotId, backupId } = await imageToRestore(actor, input, engine);
  const hourly = toMicro(planOf(input.plan)!.hourly_rate);
  const keyId = actingKeyOf(actor);
  return db().$transaction(async (tx) => {
    // The first started hour must be payable now, by the workspace and within the creating key's
    // limits (402 otherwise); it is charged when the instance becomes running, later hours as they start.
    if (keyId) await requireKeyRoom(tx, keyId, hourly);
    await requireFunds(tx, actor.workspaceId, hourly, firstHourMessage(hourly));
    // After the workspace's row (requireFunds): a project's deletion takes the two in that order too.
    await holdProject(tx, actor.projectId);
    const id = newId("ins");
    const instance = await tx.instance.create({
      data: {
        id, workspaceId: actor.workspaceId, projectId: actor.projectId, keyId, hostname: input.hostname, product: input.product,
        plan: input.plan, region: input.region, sshKeyId: input.ssh_key_id, backups: input.backups, status: "provisioning", snapshotId, backupId,
        engine, image,
      },
    });
    const action = await startAction(tx, instance, "create", "provisioning");
    await recordAudit(tx, projectChange(actor, "instance.create", instanceTarget(instance), changesOf(null, instance, createdFields)));
    await writeEvent(tx, { workspaceId: actor.workspaceId, projectId: actor.projectId, type: "instance.created", subject: instance.id, data: { instance: instanceView(instance) } });
    await statusEvent(tx, instance, null);
    return { instance: instanceView(instance), action: actionView(action) };
  });
}

export async function listInstances(actor: ProjectActor, page: ListInput & { status?: string; q?: string }) {
  const status = page.status ? { status: page.status } : { status: { not: gone } };
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().instance.findMany({ where: { projectId: actor.projectId, ...status, ...nameHolds("hostname", page.q), ...cursorWhere }, ...args }),
  );
  return { instances: shown.map(instanceView), next_cursor };
}

export async function getInstance(actor: ProjectActor, id: string) {
  const instance = await db().instance.findFirst({ where: { id, projectId: actor.projectId } });
  if (!instance) throw notFound(id);
  return { instance: instanceView(instance) };
}

/** Hostname and backups change at once; a plan change is a resize that runs on, with its action. */
export async function updateInstance(actor: ProjectActor, id: string, input: UpdateInstanceInput) {
  return db().$transaction(async (tx) => {
    const current = await tx.instance.findFirst({ where: { id, projectId: actor.projectId } });
    if (!current) throw notFound(id);
    if (frozen.includes(current.status as InstanceStatus)) throw new AppError("conflict", `The instance is ${current.status}; it cannot be changed.`);
    const shrink = input.plan === undefined ? null : resizeRefusal(current.plan, input.plan);
    if (shrink) throw new AppError("invalid_body", shrink, { param: "plan" });
    if (input.hostname !== undefined || input.backups !== undefined) {
      await tx.instance.update({ where: { id }, data: { hostname: input.hostname, backups: input.backups } });
    }
    // Backups turned on after creation start their daily chain now (unless one is still queued:
    // a chain stops by itself once backups are off, at its next run).
    if (input.backups && !current.backups) {
      const queued = await tx.job.count({ where: { kind: BACKUP_JOB, doneAt: null, payload: { path: ["instanceId"], equals: id } } });
      if (queued === 0) await enqueue(tx, BACKUP_JOB, { instanceId: id });
    }
    const resizing = input.plan !== undefined && input.plan !== current.plan;
    const resize = resizing ? await begin(tx, actor.projectId, id, "resize", { plan: input.plan }) : null;
    const instance = await tx.instance.findUniqueOrThrow({ where: { id } });
    // One entry for the request: a resize when the plan changes (with any other change), else an update.
    const changes = changesOf(current, { ...instance, plan: input.plan ?? current.plan }, ["hostname", "backups", "plan"]);
    await recordAudit(tx, projectChange(actor, resizing ? "instance.resize" : "instance.update", instanceTarget(current), changes));
    return resize ? { instance: instanceView(instance), action: actionView(resize.action) } : { instance: instanceView(instance) };
  });
}

export async function deleteInstance(actor: ProjectActor, id: string) {
  return db().$transaction(async (tx) => {
    const { instance } = await begin(tx, actor.projectId, id, "delete");
    await recordAudit(tx, projectChange(actor, "instance.delete", instanceTarget(instance)));
    return { instance: instanceView(instance) };
  });
}

/** power_on starts a run whose first hour is charged when it is running: it must be payable now (402 otherwise). */
export async function instanceAction(actor: ProjectActor, id: string, type: PowerAction) {
  return db().$transaction(async (tx) => {
    const { instance, action } = await begin(tx, actor.projectId, id, type);
    await recordAudit(tx, projectChange(actor, `instance.${type}`, instanceTarget(instance)));
    if (type === "power_on") {
      // After begin: the instance's row is locked before the key's and the workspace's, as the biller does.
      const hourly = toMicro(planOf(instance.plan)?.hourly_rate ?? 0);
      if (instance.keyId) await requireKeyRoom(tx, instance.keyId, hourly);
      await requireFunds(tx, actor.workspaceId, hourly, firstHourMessage(hourly));
    }
    return { action: actionView(action) };
  });
}

/** An instance's actions, newest first (ids sort by creation time). */
export async function listActions(actor: ProjectActor, instanceId: string, page: ListInput) {
  const instance = await db().instance.findFirst({ where: { id: instanceId, projectId: actor.projectId }, select: { id: true } });
  if (!instance) throw notFound(instanceId);
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) =>
    db().action.findMany({ where: { instanceId, projectId: actor.projectId, ...cursorWhere }, ...args }),
  );
  return { actions: shown.map(actionView), next_cursor };
}

export async function getAction(actor: ProjectActor, id: string) {
  const action = await db().action.findFirst({ where: { id, projectId: actor.projectId } });
  if (!action) throw new AppError("not_found", `No action ${quoted(id)} in this project.`);
  return { action: actionView(action) };
}
