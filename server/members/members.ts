// A workspace's members: listed for everyone in it; roles changed and members removed by owners;
// anyone may leave. A workspace always keeps an owner: the last one can neither leave nor be
// demoted or removed. The workspace's row is held while owners are counted, so two changes at
// once cannot both take away its last owner. A removed member's sessions in the workspace end, and
// by default the API keys they made in it (with every key below those) are revoked in the same
// transaction: a removed person must not keep spending the workspace's credits through a key.
import "server-only";
import { userActor } from "../actor";
import type { AuditChanges } from "../audit/changes";
import { recordAudit } from "../audit/service";
import { db, type Tx } from "../db";
import { publishChange } from "../changes/channel";
import { AppError } from "../errors";
import { revokeLine } from "../keys/lineage";
import type { Role } from "../workspaces/role-order";

export type Acting = { userId: string; workspaceId: string; address?: string | null };


export async function listMembers(member: Acting) {
  const rows = await db().membership.findMany({
    where: { workspaceId: member.workspaceId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  return {
    members: rows.map((row) => ({ userId: row.user.id, email: row.user.email, name: row.user.name, role: row.role as Role, joinedAt: row.createdAt, you: row.user.id === member.userId })),
  };
}

/** The member `userId` of the workspace, its row held until the transaction ends; not found otherwise. */
async function heldMembership(tx: Tx, workspaceId: string, userId: string) {
  await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR NO KEY UPDATE`;
  const membership = await tx.membership.findUnique({
    where: { userId_workspaceId: { userId, workspaceId } },
    select: { role: true, user: { select: { email: true } }, workspace: { select: { name: true } } },
  });
  if (!membership) throw new AppError("not_found", "No such member in this workspace.", { param: "userId" });
  return membership;
}

/** Refuses a change that would leave the workspace without an owner. */
async function keepAnOwner(tx: Tx, workspaceId: string, losing: { role: string }, refusal: string): Promise<void> {
  if (losing.role !== "owner") return;
  const owners = await tx.membership.count({ where: { workspaceId, role: "owner" } });
  if (owners <= 1) throw new AppError("conflict", refusal);
}

export async function changeRole(member: Acting, userId: string, role: Role) {
  return db().$transaction(async (tx) => {
    const before = await heldMembership(tx, member.workspaceId, userId);
    if (before.role !== role) {
      if (role !== "owner") await keepAnOwner(tx, member.workspaceId, before, "The workspace's last owner keeps the role: make another member an owner first.");
      await tx.membership.update({ where: { userId_workspaceId: { userId, workspaceId: member.workspaceId } }, data: { role } });
      const target = { type: "member", id: userId, name: before.user.email };
      await recordAudit(tx, { workspaceId: member.workspaceId, action: "member.role_change", by: userActor(member), target, changes: { role: [before.role, role] } });
    }
    return { userId, role };
  });
}

export async function removeMember(member: Acting, userId: string, options: { revokeKeys?: boolean } = {}) {
  if (userId === member.userId) throw new AppError("invalid_body", "To remove yourself, leave the workspace instead.", { param: "userId" });
  const revokeKeys = options.revokeKeys ?? true;
  const outcome = await db().$transaction(async (tx) => {
    const before = await heldMembership(tx, member.workspaceId, userId);
    await keepAnOwner(tx, member.workspaceId, before, "The workspace's last owner cannot be removed.");
    await tx.membership.delete({ where: { userId_workspaceId: { userId, workspaceId: member.workspaceId } } });
    // Their console sessions in this workspace end: the next request signs them out.
    await tx.consoleSession.deleteMany({ where: { userId, workspaceId: member.workspaceId } });
    const keys = await keysMadeBy(tx, member, userId, revokeKeys);
    const target = { type: "member", id: userId, name: before.user.email };
    const changes: AuditChanges = { role: [before.role, null], ...(keys.length ? { [revokeKeys ? "api_keys_revoked" : "api_keys_kept"]: [null, keys] } : {}) };
    await recordAudit(tx, { workspaceId: member.workspaceId, action: "member.remove", by: userActor(member), target, changes });
    return { keys };
  });
  // Every process drops its cached keys: the next request anywhere reads the database.
  if (revokeKeys && outcome.keys.length) await publishChange("keys");
  return { removed: true, ...(revokeKeys ? { revokedKeys: outcome.keys } : { keptKeys: outcome.keys }) };
}

/**
 * The live keys the member made in the workspace: revoked with every key below them (each revoke
 * audited as the owner's), or, when the owner keeps them, only listed. Their ids, the made ones first.
 */
async function keysMadeBy(tx: Tx, member: Acting, userId: string, revoke: boolean): Promise<string[]> {
  const made = await tx.apiKey.findMany({ where: { workspaceId: member.workspaceId, createdByUserId: userId, revokedAt: null }, select: { id: true, projectId: true }, orderBy: { id: "asc" } });
  if (!revoke) return made.map((key) => key.id);
  const revoked: string[] = [];
  for (const key of made) revoked.push(...(await revokeLine(tx, key.projectId, key.id)));
  const rows = await tx.apiKey.findMany({ where: { id: { in: revoked } }, select: { id: true, name: true, projectId: true } });
  await recordAudit(tx, rows.map((key) => ({ workspaceId: member.workspaceId, projectId: key.projectId, action: "api_key.revoke" as const, by: userActor(member), target: { type: "api_key", id: key.id, name: key.name } })));
  return revoked;
}

/** Leaves the workspace; the member's sessions in it move to their first other workspace. */
export async function leaveWorkspace(member: Acting) {
  return db().$transaction(async (tx) => {
    const before = await heldMembership(tx, member.workspaceId, member.userId);
    await keepAnOwner(tx, member.workspaceId, before, "You are the workspace's last owner: make another member an owner before you leave.");
    const other = await tx.membership.findFirst({ where: { userId: member.userId, workspaceId: { not: member.workspaceId } }, orderBy: { createdAt: "asc" }, select: { workspaceId: true } });
    if (!other) throw new AppError("conflict", "This is your only workspace: you cannot leave it.");
    await tx.membership.delete({ where: { userId_workspaceId: { userId: member.userId, workspaceId: member.workspaceId } } });
    await tx.consoleSession.updateMany({ where: { userId: member.userId, workspaceId: member.workspaceId }, data: { workspaceId: other.workspaceId } });
    const target = { type: "member", id: member.userId, name: before.user.email };
    await recordAudit(tx, { workspaceId: member.workspaceId, action: "member.leave", by: userActor(member), target, changes: { role: [before.role, null] } });
    return { left: true, workspaceId: other.workspaceId };
  });
}
