// A key's own limits: requests per minute in each bucket (never above its tier's, even after an
// operator lowers the tier) and a credit budget that resets each UTC day, week or month. Checked
// here once for the REST API, the console and keys that make keys.
import "server-only";
import { toCredits, toMicro } from "../billing/credits";
import type { Bucket } from "../billing/tiers";
import type { TierLimits } from "../billing/tier-limits";
import { AppError } from "../errors";
import { DEFAULT_LIMIT_RESET, type LimitReset } from "../vocab/limit-resets";

/** The key's own numbers as stored: null = the tier's (rate) or none (credits per period, µcr). */
export type OwnLimits = { rateLimits: Record<Bucket, number | null>; monthlyCreditLimit: bigint | null };

/** What the limiter applies: the key's own where it has one, never more than the tier's. */
export function effectiveRateLimits(own: OwnLimits["rateLimits"], tier: TierLimits): TierLimits {
  return {
    generate: Math.min(own.generate ?? tier.generate, tier.generate),
    api: Math.min(own.api ?? tier.api, tier.api),
  };
}

/** What a key may hand out: a console member up to the tier; a key no more than its own effective limits. */
export type LimitCeiling = {
  tierName: string;
  tier: TierLimits;
  grantor?: { rateLimits: TierLimits; monthlyCreditLimit: bigint | null; limitReset: LimitReset };
};

/** `monthly_credit_limit` is the first name of `credit_limit`, with `limit_reset: "monthly"`. */
export type RequestedLimits = {
  rate_limits?: Partial<Record<Bucket, number | null>>;
  credit_limit?: number | null;
  monthly_credit_limit?: number | null;
  limit_reset?: LimitReset;
};
export type LimitChange = { rateLimits: Partial<OwnLimits["rateLimits"]>; monthlyCreditLimit?: bigint | null; limitReset?: LimitReset };

/** The credit limit and reset asked for, under their names of now; the first name's rules checked. */
function creditLimitAsked(requested: RequestedLimits): { limit?: number | null; reset?: LimitReset; param: string } {
  if (requested.monthly_credit_limit === undefined) return { limit: requested.credit_limit, reset: requested.limit_reset, param: "credit_limit" };
  if (requested.credit_limit !== undefined) {
    throw new AppError("invalid_body", "Give `credit_limit` or its earlier name `monthly_credit_limit`, not both.", { param: "monthly_credit_limit" });
  }
  if (requested.limit_reset !== undefined && requested.limit_reset !== "monthly") {
    throw new AppError("invalid_body", "`monthly_credit_limit` is a limit that resets monthly: give `credit_limit` with `limit_reset` instead.", {
      param: "monthly_credit_limit",
    });
  }
  return { limit: requested.monthly_credit_limit, reset: "monthly", param: "monthly_credit_limit" };
}

/**
 * Checks requested limits against the ceiling; returns what to store. On create an absent value
 * is the default; on update it stays as it is, and a bucket set to null goes back to the tier's.
 * Over the API a key never gives a key (itself included) more than it has: rate limits at most its
 * own effective ones (its own are the default), and a credit limit no larger than its own (a key
 * with a budget gives its budget and its reset by default, and cannot make or set a key without
 * one). A limit's reset is monthly unless asked otherwise.
 */
export function checkLimits(requested: RequestedLimits, ceiling: LimitCeiling, mode: "create" | "update"): LimitChange {
  const change: LimitChange = { rateLimits: {} };
  for (const bucket of ["generate", "api"] as const) {
    const wanted = requested.rate_limits?.[bucket];
    if (wanted === undefined && mode === "update") continue;
    const tierMax = ceiling.tier[bucket];
    const grantorMax = ceiling.grantor?.rateLimits[bucket];
    if (wanted === undefined || wanted === null) {
      change.rateLimits[bucket] = grantorMax !== undefined && grantorMax < tierMax ? grantorMax : null;
      continue;
    }
    if (wanted > tierMax) {
      throw new AppError("invalid_body", `\`rate_limits.${bucket}\` is at most ${tierMax} requests per minute on the ${ceiling.tierName} tier.`, {
        param: `rate_limits.${bucket}`,
      });
    }
    if (grantorMax !== undefined && wanted > grantorMax) {
      throw new AppError("invalid_body", `\`rate_limits.${bucket}\` is at most ${grantorMax} requests per minute, the limit of the key making this request.`, {
        param: `rate_limits.${bucket}`,
      });
    }
    change.rateLimits[bucket] = wanted;
  }
  const asked = creditLimitAsked(requested);
  if (asked.reset !== undefined) change.limitReset = asked.reset;
  else if (mode === "create") change.limitReset = ceiling.grantor?.limitReset ?? DEFAULT_LIMIT_RESET;
  const cap = ceiling.grantor?.monthlyCreditLimit ?? null;
  if (asked.limit === undefined) {
    if (mode === "create") change.monthlyCreditLimit = cap;
    return change;
  }
  const wanted = asked.limit === null ? null : toMicro(asked.limit);
  if (cap !== null && (wanted === null || wanted > cap)) {
    throw new AppError(
      "invalid_body",
      `\`${asked.param}\` is at most ${toCredits(cap)} credits, the credit limit of the key making this request.`,
      { param: asked.param },
    );
  }
  change.monthlyCreditLimit = wanted;
  return change;
}
