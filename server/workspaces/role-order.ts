// The roles a member holds in a workspace, from most to least trusted. Each role may do all that
// the roles below it may (admin: everything but members and ownership; developer: keys, instances,
// DNS, SSH keys, webhooks, playground; viewer: read-only pages, no keys). Shared by the service's
// checks (roles.ts) and the console, which hides what a role may not do.
export const ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** Whether `role` may do what needs at least `least`. An unknown role may do nothing. */
export function roleAllows(role: string, least: Role): boolean {
  const held = ROLES.indexOf(role as Role);
  return held >= 0 && held <= ROLES.indexOf(least);
}

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
