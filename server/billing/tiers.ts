// Workspace tiers: the discount on AI credits and the per-key rate limits (requests per minute),
// and the limit of a whole project: a multiple of the per-key one, so that more keys never mean
// more requests.
import { env } from "../env";

export type Bucket = "generate" | "api";

export type Tier = {
  id: string;
  discount: number;
  limits: Record<Bucket, number>;
};

export const RATE_WINDOW_SECONDS = 60;

export const tiers: Record<string, Tier> = {
  starter: { id: "starter", discount: 0, limits: { generate: 60, api: 1000 } },
  growth: { id: "growth", discount: 0.1, limits: { generate: 300, api: 3000 } },
  scale: { id: "scale", discount: 0.2, limits: { generate: 1200, api: 10000 } },
};

export const tierIds = Object.keys(tiers);

export function tierOf(id: string): Tier {
  return tiers[id] ?? tiers.starter;
}

/** Requests per minute of all the keys of one project together, in `bucket`. */
export function projectLimit(tier: Tier, bucket: Bucket): number {
  return Math.floor(tier.limits[bucket] * env.PROJECT_RATE_LIMIT_MULTIPLE);
}
