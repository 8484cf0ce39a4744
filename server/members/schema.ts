// What the console sends to manage a workspace's members and invitations.
import { z } from "zod";
import { ROLES } from "../workspaces/role-order";

const id = z.string().min(1).max(100);
export const roleInput = z.enum(ROLES, { message: `Choose a role: ${ROLES.join(", ")}.` });
export const inviteInput = z.strictObject({ email: z.email("Enter an email address.").max(254).transform((address) => address.toLowerCase()), role: roleInput });
export const memberInput = z.strictObject({ userId: id });
/** Removing a member revokes the API keys they made unless the owner keeps them (`revokeKeys: false`). */
export const removeMemberInput = z.strictObject({ userId: id, revokeKeys: z.boolean().default(true) });
export const changeRoleInput = z.strictObject({ userId: id, role: roleInput });
export const inviteIdInput = z.strictObject({ id });
export const inviteTokenInput = z.strictObject({ token: z.string().min(1).max(200) });
export const workspaceInput = z.strictObject({ workspaceId: id });
