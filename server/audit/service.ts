// The audit log: who changed what in a workspace, written by the services beside the change (in
// its transaction when it has one), listed newest first: workspace-wide in the console, a
// project's own changes only to its keys (no sign-ins, emails or client addresses), and the
// changes of no workspace (rates, tier limits) to operators. Never a secret or password.
import "server-only";
import type { AuditEvent } from "@prisma/client";
import { db, type Tx } from "../db";
import { newId } from "../ids";
import { findPage, type ListInput } from "../wire/page";
import type { AuditAction, AuditEventView } from "./schema";
import type { ActorType, AuditActor } from "../actor";

/** The admin CLI: operator commands run by whoever holds the server. */
export const cliOperator: AuditActor = { type: "operator", id: "cli" };

/** A change made by code that named no actor (seed data, fixtures): the service itself. */
const unattributed: AuditActor = { type: "operator", id: "system" };

export type AuditRecord = {
  /** Null when the change belongs to no workspace (an unknown email, a service-wide rate). */
  workspaceId: string | null;
  /** The project of a key or webhook change: what that project's keys may read. */
  projectId?: string;
  action: AuditAction;
  by: AuditActor | undefined;
  /** The id acted on, or the email of a sign-in. */
  target: string;
};

/**
 * One statement for one or several records (a sign-in concerns each workspace of the user); pass
 * the change's transaction so that the change and its record commit together.
 */
export async function recordAudit(writer: Tx | ReturnType<typeof db>, records: AuditRecord | AuditRecord[]): Promise<void> {
  const data = [records].flat().map((record) => {
    const by = record.by ?? unattributed;
    return {
      id: newId("aud"),
      workspaceId: record.workspaceId,
      projectId: record.projectId ?? null,
      action: record.action,
      actorType: by.type,
      actorId: by.id,
      target: record.target,
      ip: by.address ?? null,
    };
  });
  if (data.length) await writer.auditEvent.createMany({ data });
}

export function auditEventView(row: AuditEvent, withAddress = true): AuditEventView {
  return {
    id: row.id,
    action: row.action as AuditAction,
    actor: { type: row.actorType as ActorType, id: row.actorId },
    target: row.target,
    ip: withAddress ? row.ip : null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Whose log: a workspace's every event (its members, in the console), one project's own (its
 * keys: no addresses), or the events of no workspace (operators).
 */
export type AuditLogOf = { workspaceId: string; projectId?: string } | { workspaceId: null };

export async function listAuditEvents(of: AuditLogOf, page: ListInput) {
  const { shown, next_cursor } = await findPage(page, ({ cursorWhere, ...args }) => db().auditEvent.findMany({ where: { ...of, ...cursorWhere }, ...args }));
  const withAddress = !("projectId" in of && of.projectId);
  return { audit_events: shown.map((row) => auditEventView(row, withAddress)), next_cursor };
}
