// A user's own account events (sign-ins, passwords, sessions) go to the audit log of every
// workspace the user belongs to, as the user, from the client's address.
import "server-only";
import type { AuditRecord } from "../audit/service";
import type { AuditAction } from "../audit/schema";
import type { AuditTarget } from "../audit/targets";

type UserWithWorkspaces = { id: string; email: string; memberships: { workspaceId: string }[] };

/** One record per workspace of the user (a user of no workspace: one of no workspace); the target is the user unless told. */
export function userAuditRecords(
  user: UserWithWorkspaces,
  action: AuditAction,
  address: string | null | undefined,
  target: AuditTarget = { type: "user", id: user.id, name: user.email },
): AuditRecord[] {
  const workspaceIds = user.memberships.length ? user.memberships.map((m) => m.workspaceId) : [null];
  return workspaceIds.map((workspaceId) => ({ workspaceId, action, by: { type: "user", id: user.id, address, name: user.email }, target }));
}

export const withWorkspaces = { memberships: { select: { workspaceId: true } } } as const;
