// Workspaces as their members see them, and the operator's workspace commands.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import type { AuditActor } from "../actor";
import { recordAudit } from "../audit/service";
import { publishChange } from "../changes/channel";
import { db } from "../db";
import { AppError } from "../errors";
import { checkTier } from "../billing/tiers";
import { toCredits } from "../billing/credits";
import { projectPage } from "../projects/service";
import { currentMembership, type MemberOf } from "./membership";

/** Projects that come with the workspace (the switcher's list); more on request. */
const FIRST_PROJECTS = 20;

/** The workspace the member's session acts in, with their role there and the first page of its projects. */
export async function workspaceOf(member: MemberOf) {
  const membership = await currentMembership(member);
  const [workspace, user, firstProjects] = await Promise.all([
    db().workspace.findUniqueOrThrow({ where: { id: membership.workspaceId } }),
    db().user.findUniqueOrThrow({ where: { id: member.userId }, select: { operator: true, emailVerifiedAt: true } }),
    projectPage(membership.workspaceId, { limit: FIRST_PROJECTS }),
  ]);
  return {
    id: workspace.id,
    name: workspace.name,
    tier: workspace.tier,
    balance: toCredits(workspace.balance),
    reserved: toCredits(workspace.reserved),
    /** The balance fell below the workspace's low-balance threshold. */
    lowBalance: workspace.balance < workspace.lowBalanceThreshold,
    /** The low-balance alert's threshold (Billing page, /v1/billing/low_balance_alert), in credits. */
    lowBalanceThreshold: toCredits(workspace.lowBalanceThreshold),
    role: membership.role,
    operator: user.operator,
    /** The member followed their verification link (the starter credits come with it). */
    emailVerified: user.emailVerifiedAt !== null,
    /** Every member must sign in with a second factor; `mustSetUpTwoFactor`: this one has none yet. */
    requireTwoFactor: workspace.requireTwoFactor,
    mustSetUpTwoFactor: membership.mustSetUpTwoFactor,
    /** The first page of its projects, oldest first; the rest from projects.list after this cursor. */
    projects: firstProjects.projects,
    projectsCursor: firstProjects.next_cursor,
  };
}

export async function setTier(workspaceId: string, tier: string, by: AuditActor): Promise<void> {
  checkTier(tier);
  await db().$transaction(async (tx) => {
    const before = await tx.workspace.findUnique({ where: { id: workspaceId }, select: { name: true, tier: true } });
    const { count } = await tx.workspace.updateMany({ where: { id: workspaceId }, data: { tier } });
    if (!before || count === 0) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
    const target = { type: "workspace", id: workspaceId, name: before.name };
    await recordAudit(tx, { workspaceId, action: "operator.set_tier", by, target, changes: { tier: [before.tier, tier] } });
  });
  // Authenticated keys carry their workspace's tier: every process drops them.
  await publishChange("keys");
}
