// Who acts: the words every feature shares for the one making a change (the audit log's actor)
// and for acting on a project (a key or a console member, with the widest scope they may use).
import "server-only";

export const scopes = ["read", "read_write"] as const;
export type Scope = (typeof scopes)[number];

export const actorTypes = ["user", "api_key", "operator"] as const;
export type ActorType = (typeof actorTypes)[number];

/**
 * Who makes a change, and from which address when it came over HTTP. `id` is a `usr_...`, a
 * `key_...`, or for an operator their `usr_...` (console) or `cli` (admin CLI); null only when
 * nobody is known (a sign-in with an unknown email). `name` when the caller knows it (else the
 * log reads the user's email or the key's name).
 */
export type AuditActor = { type: ActorType; id: string | null; address?: string | null; name?: string };

/** A signed-in person as the actor of what they do, from the client's address. */
export const userActor = (user: { userId: string; address?: string | null }): AuditActor => ({ type: "user", id: user.userId, address: user.address });

/**
 * Who acts on a project: a key (scope no wider than its own) or a console member (any scope).
 * `by` names them for the audit log (the key, the member, the CLI's operator); a key named there
 * is the parent of the keys it creates.
 */
export type ProjectActor = { workspaceId: string; projectId: string; maxScope: Scope; by?: AuditActor };
