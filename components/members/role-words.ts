// The roles as the Members page names and explains them (the order and the checks:
// server/workspaces/role-order.ts).
import { ROLES, type Role } from "@/server/workspaces/role-order";

export const roleWords: Record<Role, { label: string; may: string }> = {
  owner: { label: "Owner", may: "everything, members and invitations included" },
  admin: { label: "Admin", may: "everything but members: billing, the audit log, projects" },
  developer: { label: "Developer", may: "API keys, the playground, instances, SSH keys, domains and webhooks" },
  viewer: { label: "Viewer", may: "reads the pages; changes nothing and has no API keys" },
};

/** The roles in order, for a select: "Developer: API keys, the playground, …". */
export const roleOptions = ROLES.map((role) => ({ value: role, label: roleWords[role].label, may: roleWords[role].may }));

export const roleLabel = (role: string): string => roleWords[role as Role]?.label ?? role;
