// The audit log: who changed what in a workspace, written by the services beside the change (in
// its transaction when it has one), listed newest first: workspace-wide in the console, a
// project's own changes only to its keys (no sign-ins, emails or client addresses), and the
// changes of no workspace (rates, tier limits) to operators. Never a secret or password.
// Retention: entries are kept at least 400 days; nothing here or in the jobs deletes them.
import "server-only";
import type { AuditEvent } from "@prisma/client";
import { db, type Tx } from "../db";
import { newId } from "../ids";
import { currentRequest } from "../request-context";
import { findPage } from "../wire/page";
import { timeWindow } from "../wire/time-window";
import type { AuditChanges } from "./changes";
import type { AuditAction, AuditEventView, AuditListInput } from "./schema";
import { auditTarget, targetTypeOf, type AuditTarget } from "./targets";
import type { ActorType, AuditActor, ProjectActor } from "../actor";

/** The admin CLI: operator commands run by whoever holds the server. */
export const cliOperator: AuditActor = { type: "operator", id: "cli" };

/** A change made by code that named no actor (seed data, fixtures): the service itself. */
const unattributed: AuditActor = { type: "operator", id: "system" };

export type AuditRecord = {
  /** Null when the change belongs to no workspace (an unknown email, a service-wide rate). */
  workspaceId: string | null;
  /** The project of a project's resource: what that project's keys may read. */
  projectId?: string;
  action: AuditAction;
  by: AuditActor | undefined;
  /** What was acted on: its type, id and name now; a bare id (its type read from its prefix), or the email of a sign-in. */
  target: AuditTarget | string;
  /** What changed (changes.ts keeps secrets out). */
  changes?: AuditChanges | null;
};

/**
 * The names of the actors as they are now: a user's email, a key's name; an operator without a
 * user (`cli`, `system`) is named by its id. Read in the change's transaction: a key renaming
 * itself is named as it was before.
 */
async function actorNames(writer: Tx | ReturnType<typeof db>, actors: AuditActor[]): Promise<Map<string, string>> {
  const unnamed = actors.filter((actor) => !actor.name && actor.id);
  const userIds = [...new Set(unnamed.filter((a) => a.type !== "api_key").map((a) => a.id!))].filter((id) => id.startsWith("usr_"));
  const keyIds = [...new Set(unnamed.filter((a) => a.type === "api_key").map((a) => a.id!))];
  const [users, keys] = await Promise.all([
    userIds.length ? writer.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
    keyIds.length ? writer.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true } }) : [],
  ]);
  return new Map([...users.map((u) => [u.id, u.email] as const), ...keys.map((k) => [k.id, k.name] as const)]);
}

/** The record of a change to one of a project's resources, made by whoever acts on the project. */
export function projectChange(actor: ProjectActor, action: AuditAction, target: AuditTarget, changes?: AuditChanges | null): AuditRecord {
  return { workspaceId: actor.workspaceId, projectId: actor.projectId, action, by: actor.by, target, changes };
}

/**
 * One statement for one or several records (a sign-in concerns each workspace of the user); pass
 * the change's transaction so that the change and its record commit together.
 */
export async function recordAudit(writer: Tx | ReturnType<typeof db>, records: AuditRecord | AuditRecord[]): Promise<void> {
  const list = [records].flat();
  if (!list.length) return;
  const names = await actorNames(writer, list.map((record) => record.by ?? unattributed));
  const requestId = currentRequest()?.requestId ?? null;
  const data = list.map((record) => {
    const by = record.by ?? unattributed;
    const target = auditTarget(record.target);
    return {
      id: newId("aud"),
      workspaceId: record.workspaceId,
      projectId: record.projectId ?? null,
      action: record.action,
      actorType: by.type,
      actorId: by.id,
      actorName: by.name ?? (by.id ? (names.get(by.id) ?? (by.id.includes("_") ? null : by.id)) : null),
      target: target.id,
      targetType: target.type,
      targetName: target.name ?? null,
      changes: record.changes ?? undefined,
      requestId,
      ip: by.address ?? null,
    };
  });
  await writer.auditEvent.createMany({ data });
}

/** An entry as the log shows it; `forKeys`: as a project's keys read it, without addresses or people's emails. */
export function auditEventView(row: AuditEvent, forKeys = false): AuditEventView {
  // Rows older than the names: operators without a user were named by their id, the rest by nothing.
  const named = row.actorName ?? (row.actorId && !row.actorId.includes("_") ? row.actorId : null);
  const actorName = forKeys && row.actorType !== "api_key" && named?.includes("@") ? null : named;
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: { type: row.actorType as ActorType, id: row.actorId, name: actorName },
    target: { type: row.targetType ?? targetTypeOf(row.target), id: row.target, name: row.targetName ?? (row.target.includes("@") ? row.target : null) },
    changes: (row.changes as AuditEventView["changes"]) ?? {},
    ip: forKeys ? null : row.ip,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Whose log: a workspace's every event (its members, in the console), one project's own (its
 * keys: no addresses), or the events of no workspace (operators).
 */
export type AuditLogOf = { workspaceId: string; projectId?: string } | { workspaceId: null };

export async function listAuditEvents(of: AuditLogOf, page: AuditListInput) {
  const { action, actor_id, target_id, since, until } = page;
  const filters = {
    ...(action && { action }),
    ...(actor_id && { actorId: actor_id }),
    ...(target_id && { target: target_id }),
    ...timeWindow({ since, until }),
  };
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) => db().auditEvent.findMany({ where: { ...of, ...filters, ...cursorWhere }, ...args }));
  const forKeys = "projectId" in of && !!of.projectId;
  return { audit_events: shown.map((row) => auditEventView(row, forKeys)), next_cursor };
}
