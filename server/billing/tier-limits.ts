// Live per-key rate limits of each tier (requests per minute): read from the database on every use,
// like product rates, so an operator's change applies to the very next request on every replica.
// The hot path reads them in the key's own statement (authenticateKey joins tier_limits); the key
// service and the console ask here. setTierLimits drops every process's cached keys.
import "server-only";
import type { AuditActor } from "../actor";
import { changesOf } from "../audit/changes";
import { recordAudit } from "../audit/service";
import { publishChange } from "../changes/channel";
import { db } from "../db";
import { AppError } from "../errors";
import { checkTier, type Bucket } from "./tiers";

export type TierLimits = Record<Bucket, number>;
export type TierLimitsView = TierLimits & { tier: string; updated_at: string };

/** A tier without a row (none after the migrations): the least, never more than an operator set. */
export const UNKNOWN_TIER_LIMITS: TierLimits = { generate: 1, api: 1 };

/** Requests per minute a key of `tier` may make. */
export async function tierLimitsOf(tier: string): Promise<TierLimits> {
  const row = await db().tierLimit.findUnique({ where: { tier }, select: { generate: true, api: true } });
  return row ?? UNKNOWN_TIER_LIMITS;
}

export async function allTierLimits(): Promise<TierLimitsView[]> {
  const rows = await db().tierLimit.findMany({ orderBy: { generate: "asc" } });
  return rows.map((row) => ({ tier: row.tier, generate: row.generate, api: row.api, updated_at: row.updatedAt.toISOString() }));
}

export const MAX_TIER_LIMIT = 1_000_000;

/** Sets a tier's per-key limits. Keys with their own higher limits are held to the new ones at once. */
export async function setTierLimits(tier: string, limits: TierLimits, by: AuditActor): Promise<TierLimitsView> {
  checkTier(tier);
  for (const bucket of ["generate", "api"] as const) {
    const value = limits[bucket];
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIER_LIMIT) {
      throw new AppError("invalid_body", `The ${bucket} limit must be a whole number of requests per minute from 1 to ${MAX_TIER_LIMIT}.`, { param: bucket });
    }
  }
  const data = { generate: limits.generate, api: limits.api, updatedAt: new Date() };
  const row = await db().$transaction(async (tx) => {
    const before = await tx.tierLimit.findUnique({ where: { tier } });
    const saved = await tx.tierLimit.upsert({ where: { tier }, create: { tier, ...data }, update: data });
    const changes = changesOf(before, saved, ["generate", "api"]);
    await recordAudit(tx, { workspaceId: null, action: "operator.set_tier_limits", by, target: { type: "tier", id: tier, name: tier }, changes });
    return saved;
  });
  // Cached keys carry their tier's limits: every process drops them before its next request.
  await publishChange("keys");
  return { tier: row.tier, generate: row.generate, api: row.api, updated_at: row.updatedAt.toISOString() };
}
