// API keys: create (shown once), list, revoke, and authenticate a presented key. Rules live here
// once, for the REST API, the console and the admin CLI.
import "server-only";
import { Prisma } from "@prisma/client";
import { quoted } from "@/server/vocab/quoted";
import type { AuditActor, ProjectActor, Scope } from "../actor";
import { changesOf } from "../audit/changes";
import { projectChange, recordAudit } from "../audit/service";
import { db } from "../db";
import { AppError } from "../errors";
import { newId } from "../ids";
import { findPage, type ListInput } from "../wire/page";
import { keyHashSecret } from "../secrets";
import { tierLimitsOf, UNKNOWN_TIER_LIMITS, type TierLimits } from "../billing/tier-limits";
import { toCredits } from "../billing/credits";
import { spendPeriod } from "../billing/sql-pieces";
import { moveKeyHolds } from "../billing/key-periods";
import { clockNow } from "../clock";
import type { LimitReset } from "../vocab/limit-resets";
import { publishChange } from "../changes/channel";
import type { AuthenticatedKey } from "./authenticated-key";
import { generateKey, hashesEqual, hashKey, parseKey } from "./format";
import { cachedKey, keysEpoch, rememberKey } from "./key-cache";
import { checkLimits, effectiveRateLimits, type LimitCeiling, type OwnLimits, type RequestedLimits } from "./limits";
import { checkKeyRights, checkRoomForKey, parentKeyOf, revokeLine } from "./lineage";
import type { ApiKeyView, CreateKeyInput, UpdateKeyInput } from "./schema";

const invalidKey = () => new AppError("invalid_api_key", "The API key is not valid. Check it, or create a new one in the console.");

type KeyRow = {
  id: string; name: string; scope: string; prefix: string; last4: string;
  createdAt: Date; lastUsedAt: Date | null;
  rateLimitGenerate: number | null; rateLimitApi: number | null; monthlyCreditLimit: bigint | null; limitReset: string;
};

/** The key's spend in its current period: `used` (settled µcr) and when the period ends (`resetsAt`). */
export type PeriodSpend = { used: bigint; resetsAt: Date };

/** The wire object: effective rate limits under `tier`, and the spend of its current period. */
export function keyView(row: KeyRow, tier: TierLimits, spend: PeriodSpend): ApiKeyView {
  const limit = row.monthlyCreditLimit === null ? null : toCredits(row.monthlyCreditLimit);
  const used = toCredits(spend.used);
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as Scope,
    prefix: row.prefix,
    last4: row.last4,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    rate_limits: effectiveRateLimits(ownRateLimits(row), tier),
    credit_limit: limit,
    limit_reset: row.limitReset as LimitReset,
    limit_resets_at: spend.resetsAt.toISOString().replace(".000Z", "Z"),
    credits_used: used,
    monthly_credit_limit: limit,
    credits_used_this_month: used,
  };
}

const ownRateLimits = (row: Pick<KeyRow, "rateLimitGenerate" | "rateLimitApi">): OwnLimits["rateLimits"] => ({
  generate: row.rateLimitGenerate,
  api: row.rateLimitApi,
});

async function tierOfWorkspace(workspaceId: string): Promise<{ tierName: string; tier: TierLimits }> {
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId }, select: { tier: true } });
  if (!workspace) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
  return { tierName: workspace.tier, tier: await tierLimitsOf(workspace.tier) };
}

/** What the actor may give a key: the tier's limits, and when a key acts, no more than its own. */
async function ceilingFor(actor: ProjectActor): Promise<LimitCeiling> {
  const { tierName, tier } = await tierOfWorkspace(actor.workspaceId);
  if (actor.by?.type !== "api_key" || !actor.by.id) return { tierName, tier };
  const grantor = await db().apiKey.findUnique({ where: { id: actor.by.id } });
  if (!grantor) return { tierName, tier };
  return {
    tierName,
    tier,
    grantor: { rateLimits: effectiveRateLimits(ownRateLimits(grantor), tier), monthlyCreditLimit: grantor.monthlyCreditLimit, limitReset: grantor.limitReset as LimitReset },
  };
}

/** What the audit log shows of a key (never its hash, prefix or last digits). */
const auditedKeyFields = ["name", "scope", "rateLimitGenerate", "rateLimitApi", "monthlyCreditLimit", "limitReset"] as const;
const keyTarget = (key: { id: string; name: string | null }) => ({ type: "api_key", id: key.id, name: key.name });

function limitColumns(change: ReturnType<typeof checkLimits>) {
  return {
    ...(change.rateLimits.generate !== undefined && { rateLimitGenerate: change.rateLimits.generate }),
    ...(change.rateLimits.api !== undefined && { rateLimitApi: change.rateLimits.api }),
    ...(change.monthlyCreditLimit !== undefined && { monthlyCreditLimit: change.monthlyCreditLimit }),
    ...(change.limitReset !== undefined && { limitReset: change.limitReset }),
  };
}

export function scopeCovers(held: Scope, needed: Scope): boolean {
  return held === "read_write" || needed === "read";
}

/**
 * Checks a presented key. Shape and checksum are checked before any database read; a key seen
 * before comes from the in-process cache (dropped on every process at once when any key is
 * revoked or updated or a tier's limits change, bypassed while the change channel is unsure:
 * key-cache.ts); otherwise one query by prefix (with the key's own limits and its tier's), and a
 * constant-time compare of the HMAC.
 */
export async function authenticateKey(presented: string): Promise<AuthenticatedKey> {
  const parsed = parseKey(presented);
  if (!parsed) throw invalidKey();
  const hash = hashKey(presented, keyHashSecret());
  const cached = cachedKey(hash);
  if (cached) {
    if (await touchKey(cached.key.id, cached.lastUsedAt)) cached.lastUsedAt = new Date();
    return cached.key;
  }
  const epoch = keysEpoch();
  // The hottest query of the service: one indexed lookup with the tier joined in. Prisma's
  // relation include costs ~5 ms on PGlite against ~1 ms for this statement.
  const candidates = await db().$queryRaw<KeyCandidate[]>`
    SELECT k.id, k.hash, k.workspace_id, k.project_id, k.scope, k.last_used_at, w.tier,
           k.rate_limit_generate, k.rate_limit_api, k.monthly_credit_limit,
           t.generate AS tier_generate, t.api AS tier_api
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id LEFT JOIN tier_limits t ON t.tier = w.tier
    WHERE k.prefix = ${parsed.prefix} AND k.revoked_at IS NULL`;
  const match = candidates.find((candidate) => hashesEqual(candidate.hash, hash));
  if (!match) throw invalidKey();
  const touched = await touchKey(match.id, match.last_used_at);
  const key: AuthenticatedKey = {
    id: match.id, workspaceId: match.workspace_id, projectId: match.project_id, scope: match.scope as Scope, tier: match.tier,
    rateLimits: { generate: match.rate_limit_generate, api: match.rate_limit_api },
    monthlyCreditLimit: match.monthly_credit_limit,
    tierLimits: { generate: match.tier_generate ?? UNKNOWN_TIER_LIMITS.generate, api: match.tier_api ?? UNKNOWN_TIER_LIMITS.api },
  };
  rememberKey(hash, key, touched ? new Date() : match.last_used_at, epoch);
  return key;
}

type KeyCandidate = {
  id: string; hash: string; workspace_id: string; project_id: string; scope: string; last_used_at: Date | null; tier: string;
  rate_limit_generate: number | null; rate_limit_api: number | null; monthly_credit_limit: bigint | null;
  tier_generate: number | null; tier_api: number | null;
};

/**
 * Records use at most once a minute per key. A key's first use ever is written before the request
 * goes on (so a list right after it shows the key as used); later ones do not hold the request up.
 * True when it recorded.
 */
async function touchKey(id: string, lastUsedAt: Date | null): Promise<boolean> {
  const minuteAgo = new Date(Date.now() - 60_000);
  if (lastUsedAt && lastUsedAt > minuteAgo) return false;
  const write = db()
    .apiKey.updateMany({ where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: minuteAgo } }] }, data: { lastUsedAt: new Date() } })
    .catch(() => undefined);
  if (lastUsedAt === null) await write;
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
  const ceiling = await ceilingFor(actor);
  const limits = limitColumns(checkLimits(input, ceiling, "create"));
  const row = await db().$transaction(async (tx) => {
    const ancestorIds = await checkRoomForKey(tx, actor.projectId, parentKeyId);
    const created = await tx.apiKey.create({
      data: {
        id: newId("key"),
        parentKeyId,
        ancestorIds,
        createdByUserId: actor.by?.type === "user" ? actor.by.id : null,
        workspaceId: actor.workspaceId,
        projectId: actor.projectId,
        name: input.name,
        scope: input.scope,
        prefix: parsed.prefix,
        last4: parsed.last4,
        hash: hashKey(key, keyHashSecret()),
        ...limits,
      },
    });
    await recordAudit(tx, projectChange(actor, "api_key.create", keyTarget(created), changesOf(null, created, auditedKeyFields)));
    return created;
  });
  return { api_key: (await getKey(actor, row.id)).api_key, key };
}

/**
 * Live keys of the project with what their views need, in one statement: the tier's limits and
 * the settled spend of each key's current period (and its end) joined in (GET /v1/api_keys is
 * called often).
 */
/** A search's text as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
const holding = (q: string | undefined) => (q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

async function liveKeys(projectId: string, filter: { id?: string; before?: string; q?: string }, take: number) {
  const period = spendPeriod(Prisma.sql`k.limit_reset`, Prisma.sql`${clockNow()}`);
  const rows = await db().$queryRaw<ListedKeyRow[]>`
    SELECT k.id, k.name, k.scope, k.prefix, k.last4, k.created_at, k.last_used_at,
           k.rate_limit_generate, k.rate_limit_api, k.monthly_credit_limit, k.limit_reset,
           COALESCE(t.generate, ${UNKNOWN_TIER_LIMITS.generate}::int) AS tier_generate,
           COALESCE(t.api, ${UNKNOWN_TIER_LIMITS.api}::int) AS tier_api, COALESCE(s.used, 0) AS used,
           upper(${period})::timestamp AT TIME ZONE 'UTC' AS resets_at
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
    LEFT JOIN tier_limits t ON t.tier = w.tier
    LEFT JOIN key_monthly_spend s ON s.key_id = k.id AND s.month = lower(${period})
    WHERE k.project_id = ${projectId} AND k.revoked_at IS NULL
      AND (${filter.id ?? null}::text IS NULL OR k.id = ${filter.id ?? null}::text)
      AND (${filter.before ?? null}::text IS NULL OR k.id < ${filter.before ?? null}::text)
      AND (${holding(filter.q)}::text IS NULL OR k.name ILIKE ${holding(filter.q)}::text)
    ORDER BY k.id DESC LIMIT ${take}`;
  return rows.map((row) => ({
    id: row.id,
    view: keyView(
      {
        id: row.id, name: row.name, scope: row.scope, prefix: row.prefix, last4: row.last4, createdAt: row.created_at, lastUsedAt: row.last_used_at,
        rateLimitGenerate: row.rate_limit_generate, rateLimitApi: row.rate_limit_api, monthlyCreditLimit: row.monthly_credit_limit,
        limitReset: row.limit_reset,
      },
      { generate: row.tier_generate, api: row.tier_api },
      { used: row.used, resetsAt: row.resets_at },
    ),
  }));
}

type ListedKeyRow = {
  id: string; name: string; scope: string; prefix: string; last4: string; created_at: Date; last_used_at: Date | null;
  rate_limit_generate: number | null; rate_limit_api: number | null; monthly_credit_limit: bigint | null; limit_reset: string;
  tier_generate: number; tier_api: number; used: bigint; resets_at: Date;
};

export async function listKeys(actor: ProjectActor, page: ListInput & { q?: string }) {
  const { shown, next_cursor } = await findPage(page, ({ take }) => liveKeys(actor.projectId, { before: page.cursor, q: page.q }, take));
  return { api_keys: shown.map((row) => row.view), next_cursor };
}

const noSuchKey = (id: string) => new AppError("not_found", `No API key ${quoted(id)} in this project.`);

export async function getKey(actor: ProjectActor, id: string): Promise<{ api_key: ApiKeyView }> {
  const [row] = await liveKeys(actor.projectId, { id }, 1);
  if (!row) throw noSuchKey(id);
  return { api_key: row.view };
}

/**
 * Renames a live key of the project or changes its limits (scope is fixed at creation). A key
 * acting over the API changes only itself and the keys below it, and cannot give any of them more
 * than its own limits.
 */
export async function updateKey(actor: ProjectActor, id: string, input: UpdateKeyInput): Promise<{ api_key: ApiKeyView }> {
  const ceiling = await ceilingFor(actor);
  const limits = limitColumns(checkLimits(input as RequestedLimits, ceiling, "update"));
  const row = await db().$transaction(async (tx) => {
    await checkKeyRights(tx, actor, id);
    const before = await tx.apiKey.findFirst({ where: { id, projectId: actor.projectId, revokedAt: null } });
    const changed = await tx.apiKey.updateManyAndReturn({
      where: { id, projectId: actor.projectId, revokedAt: null },
      data: { ...(input.name !== undefined && { name: input.name }), ...limits },
    });
    if (changed.length === 0) throw noSuchKey(id);
    if (before && before.limitReset !== changed[0].limitReset) {
      await moveKeyHolds(tx, id, before.limitReset as LimitReset, changed[0].limitReset as LimitReset, clockNow());
    }
    await recordAudit(tx, projectChange(actor, "api_key.update", keyTarget(changed[0]), changesOf(before, changed[0], auditedKeyFields)));
    return changed[0];
  });
  // Cached keys carry their limits: every process drops them before the key's next request.
  await publishChange("keys");
  return getKey(actor, row.id);
}

/**
 * Revokes the key and every key it made, theirs too; each gets its own audit event. Over the API
 * only the acting key itself or a key below it.
 */
export async function revokeKey(actor: ProjectActor, id: string): Promise<void> {
  await db().$transaction(async (tx) => {
    await checkKeyRights(tx, actor, id);
    const revoked = await revokeLine(tx, actor.projectId, id);
    if (revoked.length === 0) throw noSuchKey(id);
    const names = new Map((await tx.apiKey.findMany({ where: { id: { in: revoked } }, select: { id: true, name: true } })).map((k) => [k.id, k.name]));
    await recordAudit(tx, revoked.map((target) => projectChange(actor, "api_key.revoke", keyTarget({ id: target, name: names.get(target) ?? null }))));
  });
  // Every process drops its cached keys before this answers: the next request anywhere reads the database.
  await publishChange("keys");
}
