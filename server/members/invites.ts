// Invitations: an owner invites an email address with a role; the link (mailed; without a mail
// server, printed to the log in embedded mode and given to the inviting owner) works once for INVITE_DAYS, only for the account with that address. A new
// invitation of the same address replaces its pending one. Accepting makes the membership and
// moves the accepting session into the workspace.
import "server-only";
import { quoted } from "@/server/vocab/quoted";
import { userActor } from "../actor";
import { publicOrigin } from "../accounts/email-verification";
import { takeHourly } from "../accounts/hourly-limit";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { linkTokenHash, newLinkToken } from "../link-tokens";
import { mailConfigured, sendMail } from "../mail/send-mail";
import type { Role } from "../workspaces/role-order";
import { inviteMail } from "./invite-mail";
import type { Acting } from "./members";

export const INVITE_DAYS = 7;
const INVITES_PER_WORKSPACE_PER_HOUR = 50;


export async function inviteMember(member: Acting & { origin?: string | null }, input: { email: string; role: Role }, now = new Date()) {
  await takeHourly(`invites:${member.workspaceId}`, INVITES_PER_WORKSPACE_PER_HOUR, "Too many invitations were sent from this workspace.");
  const origin = publicOrigin(member.origin);
  if (!origin) throw new AppError("conflict", "Invitations need the console's public address: set NEXTAUTH_URL.");
  const already = await db().membership.count({ where: { workspaceId: member.workspaceId, user: { email: input.email } } });
  if (already) throw new AppError("conflict", `${quoted(input.email)} is already a member of this workspace.`, { param: "email" });
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  const { invite, workspaceName, invitedBy } = await db().$transaction(async (tx) => {
    await tx.invite.deleteMany({ where: { workspaceId: member.workspaceId, email: input.email, acceptedAt: null } });
    const invite = await tx.invite.create({
      data: { id: newId("inv"), workspaceId: member.workspaceId, email: input.email, role: input.role, tokenHash: hash, invitedById: member.userId, createdAt: now, expiresAt },
      select: { id: true, email: true, role: true, expiresAt: true, workspace: { select: { name: true } }, invitedBy: { select: { email: true, name: true } } },
    });
    const target = { type: "invite", id: invite.id, name: input.email };
    await recordAudit(tx, { workspaceId: member.workspaceId, action: "member.invite", by: userActor(member), target, changes: { email: [null, input.email], role: [null, input.role] } });
    return { invite, workspaceName: invite.workspace.name, invitedBy: invite.invitedBy?.name || invite.invitedBy?.email || "A member" };
  });
  const link = `${origin}/invite?token=${token}`;
  void sendMail(inviteMail(input.email, { workspaceName, role: input.role, invitedBy, link, days: INVITE_DAYS }));
  // Said as it is: with no mail server the invitation goes nowhere by itself, so the owner who made
  // it gets the link to pass on (only then, and only in this answer: it is never shown again).
  const delivery = mailConfigured() ? { mailed: true as const } : { mailed: false as const, link };
  return { id: invite.id, email: invite.email, role: invite.role as Role, expiresAt: invite.expiresAt, ...delivery };
}

/** Invitations not yet accepted and not expired, newest first. */
export async function pendingInvites(member: Acting, now = new Date()) {
  const rows = await db().invite.findMany({
    where: { workspaceId: member.workspaceId, acceptedAt: null, expiresAt: { gt: now } },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, invitedBy: { select: { email: true } } },
  });
  return { invites: rows.map(({ invitedBy, ...row }) => ({ ...row, role: row.role as Role, invitedBy: invitedBy?.email ?? null })) };
}

export async function revokeInvite(member: Acting, id: string) {
  await db().$transaction(async (tx) => {
    const invite = await tx.invite.findFirst({ where: { id, workspaceId: member.workspaceId, acceptedAt: null }, select: { email: true, role: true } });
    if (!invite) throw new AppError("not_found", "No such pending invitation in this workspace.", { param: "id" });
    await tx.invite.delete({ where: { id } });
    const target = { type: "invite", id, name: invite.email };
    await recordAudit(tx, { workspaceId: member.workspaceId, action: "member.invite_revoke", by: userActor(member), target, changes: { role: [invite.role, null] } });
  });
  return { revoked: true };
}

const gone = {
  used: "This invitation has been used already. Ask the workspace's owner for a new one.",
  expired: "This invitation has expired. Ask the workspace's owner for a new one.",
  invalid: "This invitation link is not valid. Check that you opened the whole link from the mail.",
};

/** An invitation that can still be accepted, by its link's token; not found (in words) otherwise. */
async function openInvite(token: string, now: Date) {
  const invite = await db().invite.findUnique({
    where: { tokenHash: linkTokenHash(token) },
    select: { id: true, workspaceId: true, email: true, role: true, expiresAt: true, acceptedAt: true, workspace: { select: { name: true } }, invitedBy: { select: { email: true, name: true } } },
  });
  if (!invite) throw new AppError("not_found", gone.invalid, { param: "token" });
  if (invite.acceptedAt) throw new AppError("not_found", gone.used, { param: "token" });
  if (invite.expiresAt <= now) throw new AppError("not_found", gone.expired, { param: "token" });
  return invite;
}

/** What the invitation page shows before it is accepted. */
export async function showInvite(token: string, now = new Date()) {
  const invite = await openInvite(token, now);
  const invitedBy = invite.invitedBy ? invite.invitedBy.name || invite.invitedBy.email : null;
  return { workspaceName: invite.workspace.name, role: invite.role as Role, email: invite.email, invitedBy, expiresAt: invite.expiresAt };
}

/**
 * Joins the workspace with the invited role, as the signed-in user whose email was invited. A
 * conditional update lets one of any number of concurrent uses through.
 */
export async function acceptInvite(user: { userId: string; sessionId?: string | null; address?: string | null }, token: string, now = new Date()) {
  const invite = await openInvite(token, now);
  const account = await db().user.findUniqueOrThrow({ where: { id: user.userId }, select: { email: true } });
  if (account.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw new AppError("forbidden", `This invitation is for ${invite.email}; you are signed in as ${account.email}. Sign in with the invited address to accept it.`);
  }
  const member = await db().membership.count({ where: { userId: user.userId, workspaceId: invite.workspaceId } });
  if (member) throw new AppError("conflict", `You are already a member of ${invite.workspace.name}.`);
  await db().$transaction(async (tx) => {
    const { count } = await tx.invite.updateMany({ where: { id: invite.id, acceptedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now, acceptedById: user.userId } });
    if (count === 0) throw new AppError("not_found", gone.used, { param: "token" });
    await tx.membership.create({ data: { userId: user.userId, workspaceId: invite.workspaceId, role: invite.role, createdAt: now } });
    if (user.sessionId) await tx.consoleSession.updateMany({ where: { id: user.sessionId, userId: user.userId }, data: { workspaceId: invite.workspaceId } });
    const target = { type: "member", id: user.userId, name: account.email };
    await recordAudit(tx, { workspaceId: invite.workspaceId, action: "member.join", by: userActor(user), target, changes: { role: [null, invite.role] } });
  });
  return { workspaceId: invite.workspaceId, workspaceName: invite.workspace.name, role: invite.role as Role };
}
