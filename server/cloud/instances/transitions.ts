// Starting an operation on an instance: one conditional UPDATE moves it to its transient status
// only if the state machine allows it from the current one (so two racing requests cannot both
// start), with the action record, the status event and the durable job in the same transaction.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { Action, Instance } from "@prisma/client";
import type { Tx } from "../../db";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { enqueue } from "../../jobs/queue";
import { writeEvent } from "../../events/outbox";
import { endRunIfStopped } from "./runs";
import { allowedFrom, transitions, type InstanceStatus, type Operation } from "../../vocab/instance-states";
import { instanceView } from "./views";

export type OperationJob = {
  instanceId: string;
  actionId: string;
  operation: Operation;
  previous: InstanceStatus;
  plan?: string;
  snapshotId?: string;
};

export const OPERATION_JOB = "instance.operation";
/** A backup of an instance with backups on: after creation (or backups turned on), then daily. */
export const BACKUP_JOB = "instance.backup";
/** What a deleted snapshot held on the engine, freed there. */
export const SNAPSHOT_DISCARD_JOB = "snapshot.discard";

export async function begin(
  tx: Tx,
  projectId: string,
  instanceId: string,
  operation: Operation,
  extra: Pick<OperationJob, "plan" | "snapshotId"> = {},
): Promise<{ instance: Instance; action: Action }> {
  const allowed = allowedFrom(operation);
  const during = transitions[operation].during;
  const [row] = await tx.$queryRaw<{ previous: InstanceStatus }[]>`
    WITH current AS (SELECT id, status FROM instances WHERE id = ${instanceId} AND project_id = ${projectId} FOR UPDATE)
    UPDATE instances i SET status = ${during}, status_reason = NULL, updated_at = now()
    FROM current WHERE i.id = current.id AND current.status = ANY(${allowed}::text[])
    RETURNING current.status AS previous`;
  if (!row) {
    const found = await tx.instance.findFirst({ where: { id: instanceId, projectId }, select: { status: true } });
    if (!found) throw new AppError("not_found", `No instance ${quoted(instanceId)} in this project.`);
    throw new AppError("conflict", `The instance is ${found.status}; ${operation.replace("_", " ")} needs it ${allowed.join(" or ")}.`);
  }
  await endRunIfStopped(tx, instanceId, during);
  const instance = await tx.instance.findUniqueOrThrow({ where: { id: instanceId } });
  const action = await startAction(tx, instance, operation, row.previous, extra);
  await statusEvent(tx, instance, row.previous);
  return { instance, action };
}

/** The action record of an operation and the durable job that carries it out. */
export async function startAction(
  tx: Tx,
  instance: Instance,
  operation: Operation,
  previous: InstanceStatus,
  extra: Pick<OperationJob, "plan" | "snapshotId"> = {},
): Promise<Action> {
  const action = await tx.action.create({ data: { id: newId("act"), instanceId: instance.id, projectId: instance.projectId, type: operation } });
  const job: OperationJob = { instanceId: instance.id, actionId: action.id, operation, previous, ...extra };
  await enqueue(tx, OPERATION_JOB, job);
  return action;
}

export async function statusEvent(tx: Tx, instance: Instance, previous: InstanceStatus | null): Promise<void> {
  await writeEvent(tx, {
    workspaceId: instance.workspaceId,
    projectId: instance.projectId,
    type: "instance.status_changed",
    subject: instance.id,
    data: { instance: instanceView(instance), previous_status: previous },
  });
}
