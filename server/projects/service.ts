// Projects: the unit that keys and resources belong to.
import "server-only";
import { nameHolds } from "../wire/search";
import { quoted } from "@/server/vocab/quoted";
import { userActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { ProjectActor, Scope } from "../actor";
import { findPage, type ListInput } from "../wire/page";
import { checkRoom } from "./room";

/** Acting on a project with full rights, after the caller proved membership (console) or is the operator (CLI). */
export async function projectActor(projectId: string, workspaceId?: string, maxScope: Scope = "read_write"): Promise<ProjectActor> {
  const project = await db().project.findUnique({ where: { id: projectId }, select: { workspaceId: true } });
  if (!project || (workspaceId && project.workspaceId !== workspaceId)) {
    throw new AppError("not_found", `No project ${quoted(projectId)} in this workspace.`);
  }
  return { workspaceId: project.workspaceId, projectId, maxScope };
}

/** A console member, in the workspace their request acts in (server/workspaces/membership.ts). */
export type Member = { userId: string; workspaceId: string; address?: string | null };

/** A console member acting on a project of the workspace their request acts in; anything else is not found. */
export async function memberProjectActor(member: Member, projectId: string): Promise<ProjectActor> {
  const project = await db().project.findFirst({ where: { id: projectId, workspaceId: member.workspaceId }, select: { workspaceId: true } });
  if (!project) throw new AppError("not_found", `No project ${quoted(projectId)} in your workspace.`);
  return { workspaceId: project.workspaceId, projectId, maxScope: "read_write", by: userActor(member) };
}


export async function createProject(member: Member, name: string) {
  const { workspaceId } = member;
  const project = await db().$transaction(async (tx) => {
    await checkRoom(tx, "projects", workspaceId);
    const created = await tx.project.create({ data: { id: newId("prj"), workspaceId, name } });
    const target = { type: "project", id: created.id, name };
    await recordAudit(tx, { workspaceId, projectId: created.id, action: "project.create", by: userActor(member), target, changes: { name: [null, name] } });
    return created;
  });
  return { id: project.id, name: project.name };
}

export async function renameProject(member: Member, projectId: string, name: string) {
  const actor = await memberProjectActor(member, projectId);
  const project = await db().$transaction(async (tx) => {
    const before = await tx.project.findUniqueOrThrow({ where: { id: actor.projectId }, select: { name: true } });
    const renamed = await tx.project.update({ where: { id: actor.projectId }, data: { name } });
    const target = { type: "project", id: renamed.id, name };
    await recordAudit(tx, { workspaceId: actor.workspaceId, projectId: renamed.id, action: "project.rename", by: actor.by, target, changes: { name: [before.name, name] } });
    return renamed;
  });
  return { id: project.id, name: project.name };
}

/** Projects in the console's order (oldest first), a page at a time. */
export async function listProjects(member: Member, page: ListInput & { q?: string }) {
  return projectPage(member.workspaceId, page);
}

/** One page of a workspace's projects, oldest first (the console's switcher and Projects page). */
export async function projectPage(workspaceId: string, page: ListInput & { q?: string }) {
  const { shown, next_cursor } = await findPage(
    page,
    ({ cursorWhere, ...args }) => db().project.findMany({ where: { workspaceId, ...nameHolds("name", page.q), ...cursorWhere }, ...args, select: { id: true, name: true } }),
    "asc",
  );
  return { projects: shown, next_cursor };
}

/** One project of the member's workspace (the console's chosen one, wherever its page). */
export async function getProject(member: Member, projectId: string) {
  const actor = await memberProjectActor(member, projectId);
  const project = await db().project.findUniqueOrThrow({ where: { id: actor.projectId }, select: { id: true, name: true } });
  return project;
}
