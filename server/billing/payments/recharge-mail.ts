// The mail to a workspace's owners when an auto-recharge fails, and when it turned itself off.
import "server-only";
import { db } from "../../db";
import { sendMail } from "../../mail/send-mail";

export async function mailOwners(workspaceId: string, subject: string, lines: string[]): Promise<void> {
  const owners = await db().membership.findMany({ where: { workspaceId, role: "owner" }, select: { user: { select: { email: true } } } });
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { name: true } });
  const text = [`Workspace: ${workspace?.name ?? workspaceId}`, "", ...lines, "", "Billing page of the console: auto-recharge, saved card, payments."].join("\n");
  await Promise.all(owners.map((owner) => sendMail({ to: owner.user.email, subject, text })));
}
