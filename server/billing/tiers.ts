// Workspace tiers on the server: the tier of a workspace, and the limit of a whole project: a
// multiple of the per-key one, so that more keys never mean more requests. The tiers and their
// discounts are in server/vocab/tiers.ts; the per-key limits are live in the database
// (tier-limits.ts), set by operators.
import "server-only";
import { env } from "../env";
import { AppError } from "../errors";
import { tierIds, tiers, unknownTier, type Tier } from "../vocab/tiers";

export type Bucket = "generate" | "api";

export const RATE_WINDOW_SECONDS = 60;

export function tierOf(id: string): Tier {
  return tiers[id] ?? tiers.starter;
}

/** Refuses a tier that is not one of `tierIds` (setting a workspace's tier or a tier's limits). */
export function checkTier(tier: string): void {
  if (!tierIds.includes(tier)) throw new AppError("invalid_body", unknownTier(tier), { param: "tier" });
}

/** Requests per minute of all the projects of one workspace together, from the tier's per-key limit. */
export function workspaceLimit(tierLimit: number): number {
  return Math.floor(tierLimit * env.WORKSPACE_RATE_LIMIT_MULTIPLE);
}

/** Requests per minute of all the keys of one project together, in `bucket`, from the tier's per-key limit. */
export function projectLimit(tierLimit: number): number {
  return Math.floor(tierLimit * env.PROJECT_RATE_LIMIT_MULTIPLE);
}
