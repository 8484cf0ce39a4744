// A workspace may require two-factor sign-in of every member. A member without it is held at its
// set-up (the Security page) until done: the console's other calls are refused (server/trpc/trpc.ts)
// and its pages send them there (server/trpc/server.ts).
import "server-only";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";

/** Whether a workspace of the user requires two-factor sign-in that the user has not set up. One read. */
export async function mustSetUpTwoFactor(userId: string): Promise<boolean> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { twoFactor: { select: { enabledAt: true } }, memberships: { where: { workspace: { requireTwoFactor: true } }, select: { workspaceId: true }, take: 1 } },
  });
  return Boolean(user && !user.twoFactor?.enabledAt && user.memberships.length > 0);
}

export const twoFactorSetUpNeeded = () =>
  new AppError("forbidden", "This workspace requires two-factor sign-in. Turn it on for your account on the Security page first.");

/** Turns the requirement on or off for the member's workspace (the first they belong to). */
export async function setTwoFactorRequirement(member: { userId: string }, required: boolean, by: AuditActor): Promise<{ requireTwoFactor: boolean }> {
  const membership = await db().membership.findFirst({ where: { userId: member.userId }, orderBy: { createdAt: "asc" }, select: { workspaceId: true } });
  if (!membership) throw new AppError("not_found", "You do not belong to any workspace.");
  // Owners only, once workspaces have members of other roles: check membership.role here.
  // Requiring it without having it would hold the member at the set-up at once.
  const own = await db().twoFactor.findUnique({ where: { userId: member.userId }, select: { enabledAt: true } });
  if (required && !own?.enabledAt) {
    throw new AppError("conflict", "Turn on two-factor sign-in for your own account first.", { param: "required" });
  }
  const { workspaceId } = membership;
  await db().$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { requireTwoFactor: true } });
    const workspace = await tx.workspace.update({ where: { id: workspaceId }, data: { requireTwoFactor: required } });
    const target = { type: "workspace", id: workspaceId, name: workspace.name };
    await recordAudit(tx, { workspaceId, action: "workspace.require_two_factor", by, target, changes: { require_two_factor: [before.requireTwoFactor, required] } });
  });
  return { requireTwoFactor: required };
}
