// A workspace may require two-factor sign-in of every member. A member without it is held at its
// set-up (the Security page) until done: the console's other calls are refused (server/trpc/trpc.ts)
// and its pages send them there (server/trpc/server.ts).
import "server-only";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";

export const twoFactorSetUpNeeded = () =>
  new AppError("forbidden", "This workspace requires two-factor sign-in. Turn it on for your account on the Security page first.");

/** Turns the requirement on or off for the member's workspace (owners only: server/workspaces/roles.ts). */
export async function setTwoFactorRequirement(member: { userId: string; workspaceId: string }, required: boolean, by: AuditActor): Promise<{ requireTwoFactor: boolean }> {
  // Requiring it without having it would hold the member at the set-up at once.
  const own = await db().twoFactor.findUnique({ where: { userId: member.userId }, select: { enabledAt: true } });
  if (required && !own?.enabledAt) {
    throw new AppError("conflict", "Turn on two-factor sign-in for your own account first.", { param: "required" });
  }
  const { workspaceId } = member;
  await db().$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { requireTwoFactor: true } });
    const workspace = await tx.workspace.update({ where: { id: workspaceId }, data: { requireTwoFactor: required } });
    const target = { type: "workspace", id: workspaceId, name: workspace.name };
    await recordAudit(tx, { workspaceId, action: "workspace.require_two_factor", by, target, changes: { require_two_factor: [before.requireTwoFactor, required] } });
  });
  return { requireTwoFactor: required };
}
