// The invitation mail: who invites the reader to which workspace, with which role, and the link.
import "server-only";
import type { Mail } from "../mail/send-mail";

export function inviteMail(to: string, invite: { workspaceName: string; role: string; invitedBy: string; link: string; days: number }): Mail {
  return {
    to,
    subject: `${invite.invitedBy} invited you to ${invite.workspaceName} on Switchyard`,
    text: [
      `${invite.invitedBy} invited you to join the workspace “${invite.workspaceName}” on Switchyard as ${invite.role}.`,
      "",
      "Follow this link to accept (sign in, or create an account with this email address, first):",
      invite.link,
      "",
      `The link works once, for ${invite.days} days. If you do not know the sender, ignore this mail: nothing happens without the link.`,
    ].join("\n"),
  };
}
