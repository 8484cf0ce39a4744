// Workspace tiers: the discount on AI credits, and the limit of a whole project: a multiple of the
// per-key one, so that more keys never mean more requests. The per-key limits themselves are live
// in the database (tier-limits.ts), set by operators.
import { env } from "../env";

export type Bucket = "generate" | "api";

export type Tier = {
  id: string;
  discount: number;
};

export const RATE_WINDOW_SECONDS = 60;

export const tiers: Record<string, Tier> = {
  starter: { id: "starter", discount: 0 },
  growth: { id: "growth", discount: 0.1 },
  scale: { id: "scale", discount: 0.2 },
};

export const tierIds = Object.keys(tiers);

export function tierOf(id: string): Tier {
  return tiers[id] ?? tiers.starter;
}

/** Requests per minute of all the projects of one workspace together, from the tier's per-key limit. */
export function workspaceLimit(tierLimit: number): number {
  return Math.floor(tierLimit * env.WORKSPACE_RATE_LIMIT_MULTIPLE);
}

/** Requests per minute of all the keys of one project together, in `bucket`, from the tier's per-key limit. */
export function projectLimit(tierLimit: number): number {
  return Math.floor(tierLimit * env.PROJECT_RATE_LIMIT_MULTIPLE);
}
