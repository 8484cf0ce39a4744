// API keys: create (shown once), list, revoke, and authenticate a presented key. Rules live here
// once, for the REST API, the console and the admin CLI.
import type { AuditActor } from "../audit/schema";
import { recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { pageArgs, toPage } from "../pagination";
import { keyHashSecret } from "../secrets";
import { publishChange } from "../changes/channel";
import { generateKey, hashesEqual, hashKey, parseKey } from "./format";
import { cachedKey, keysEpoch, rememberKey } from "./key-cache";
import { checkRoomForKey, parentKeyOf, revokeLine } from "./lineage";
import type { ApiKeyView, CreateKeyInput, ListInput, Scope } from "./schema";

/**
 * Who acts on a project: a key (scope no wider than its own) or a console member (any scope).
 * `by` names them for the audit log (the key, the member, the CLI's operator); a key named there
 * is the parent of the keys it creates.
 */
export type ProjectActor = { workspaceId: string; projectId: string; maxScope: Scope; by?: AuditActor };

export type AuthenticatedKey = {
  id: string;
  workspaceId: string;
  projectId: string;
  scope: Scope;
  tier: string;
};

const invalidKey = () => new AppError("invalid_api_key", "The API key is not valid. Check it, or create a new one in the console.");

type KeyRow = {
  id: string; name: string; scope: string; prefix: string; last4: string;
  createdAt: Date; lastUsedAt: Date | null;
};

export function keyView(row: KeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as Scope,
    prefix: row.prefix,
    last4: row.last4,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export function scopeCovers(held: Scope, needed: Scope): boolean {
  return held === "read_write" || needed === "read";
}

/**
 * Checks a presented key. Shape and checksum are checked before any database read; a key seen
 * before comes from the in-process cache (dropped on every process at once when any key is
 * revoked or updated, bypassed while the change channel is unsure: key-cache.ts); otherwise one
 * query by prefix, and a constant-time compare of the HMAC.
 */
export async function authenticateKey(presented: string): Promise<AuthenticatedKey> {
  const parsed = parseKey(presented);
  if (!parsed) throw invalidKey();
  const hash = hashKey(presented, keyHashSecret());
  const cached = cachedKey(hash);
  if (cached) {
    if (touchKey(cached.key.id, cached.lastUsedAt)) cached.lastUsedAt = new Date();
    return cached.key;
  }
  const epoch = keysEpoch();
  // The hottest query of the service: one indexed lookup with the tier joined in. Prisma's
  // relation include costs ~5 ms on PGlite against ~1 ms for this statement.
  const candidates = await db().$queryRaw<KeyCandidate[]>`
    SELECT k.id, k.hash, k.workspace_id, k.project_id, k.scope, k.last_used_at, w.tier
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
    WHERE k.prefix = ${parsed.prefix} AND k.revoked_at IS NULL`;
  const match = candidates.find((candidate) => hashesEqual(candidate.hash, hash));
  if (!match) throw invalidKey();
  const touched = touchKey(match.id, match.last_used_at);
  const key: AuthenticatedKey = { id: match.id, workspaceId: match.workspace_id, projectId: match.project_id, scope: match.scope as Scope, tier: match.tier };
  rememberKey(hash, key, touched ? new Date() : match.last_used_at, epoch);
  return key;
}

type KeyCandidate = {
  id: string; hash: string; workspace_id: string; project_id: string; scope: string; last_used_at: Date | null; tier: string;
};

/** Records use at most once a minute per key, without holding up the request. True when it did. */
function touchKey(id: string, lastUsedAt: Date | null): boolean {
  const minuteAgo = new Date(Date.now() - 60_000);
  if (lastUsedAt && lastUsedAt > minuteAgo) return false;
  void db()
    .apiKey.updateMany({ where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: minuteAgo } }] }, data: { lastUsedAt: new Date() } })
    .catch(() => undefined);
  return true;
}

export async function createKey(actor: ProjectActor, input: CreateKeyInput, presetKey?: string) {
  if (!scopeCovers(actor.maxScope, input.scope)) {
    throw new AppError("insufficient_scope", "A key can only create keys with a scope no wider than its own.", {
      required_scope: input.scope,
      param: "scope",
    });
  }
  const key = presetKey ?? generateKey();
  const parsed = parseKey(key);
  if (!parsed) throw new AppError("invalid_body", "The preset key is not a valid swk_ key.");
  const parentKeyId = parentKeyOf(actor);
  const row = await db().$transaction(async (tx) => {
    await checkRoomForKey(tx, actor.projectId, parentKeyId);
    const created = await tx.apiKey.create({
      data: {
        id: newId("key"),
        parentKeyId,
        workspaceId: actor.workspaceId,
        projectId: actor.projectId,
        name: input.name,
        scope: input.scope,
        prefix: parsed.prefix,
        last4: parsed.last4,
        hash: hashKey(key, keyHashSecret()),
      },
    });
    await recordAudit(tx, { workspaceId: actor.workspaceId, action: "api_key.create", by: actor.by, target: created.id });
    return created;
  });
  return { api_key: keyView(row), key };
}

export async function listKeys(actor: ProjectActor, page: ListInput) {
  const { cursorWhere, ...args } = pageArgs(page);
  const rows = await db().apiKey.findMany({ where: { projectId: actor.projectId, revokedAt: null, ...cursorWhere }, ...args });
  const { shown, next_cursor } = toPage(rows, page.limit);
  return { api_keys: shown.map(keyView), next_cursor };
}

/** Revokes the key and every key it made, theirs too; each gets its own audit event. */
export async function revokeKey(actor: ProjectActor, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const revoked = await revokeLine(tx, actor.projectId, id);
    if (revoked.length === 0) throw new AppError("not_found", `No API key ${id} in this project.`);
    await recordAudit(
      tx,
      revoked.map((target) => ({ workspaceId: actor.workspaceId, action: "api_key.revoke" as const, by: actor.by, target })),
    );
  });
  // Every process drops its cached keys before this answers: the next request anywhere reads the database.
  await publishChange("keys");
}
