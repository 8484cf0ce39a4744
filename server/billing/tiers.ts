// Workspace tiers: the discount on AI credits and the per-key rate limits (requests per minute).
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
