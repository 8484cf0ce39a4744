// Workspace tiers and the discount on AI credits each gives; the console's tier form lists them.
// Their rate limits are live in the database (server/billing/tier-limits.ts). Imports nothing, so
// the browser may import it too (vocab.test.ts).
export type Tier = {
  id: string;
  discount: number;
};

export const tiers: Record<string, Tier> = {
  starter: { id: "starter", discount: 0 },
  growth: { id: "growth", discount: 0.1 },
  scale: { id: "scale", discount: 0.2 },
};

export const tierIds = Object.keys(tiers);

/** The refusal of a tier that is not one of `tierIds`. */
export const unknownTier = (tier: string) => `Unknown tier ${tier}; tiers are ${tierIds.join(", ")}.`;
