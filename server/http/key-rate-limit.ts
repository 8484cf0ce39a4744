// The rate limits of a keyed request: the key's own bucket (its own limit, never above its tier's),
// then its whole project's, so that a project's keys together never get more than
// PROJECT_RATE_LIMIT_MULTIPLE times the tier's per-key limit however many keys it makes.
import type { TierLimits } from "../billing/tier-limits";
import { projectLimit, type Bucket } from "../billing/tiers";
import { effectiveRateLimits, type OwnLimits } from "../keys/limits";
import { giveBack, RateLimitedError, takeRequest, type RateLimitState } from "./rate-limit";

export type KeyBuckets = { keyId: string; projectId: string; tierLimits: TierLimits; rateLimits: OwnLimits["rateLimits"] };

/**
 * Takes one request from the key's bucket and one from its project's, and returns the key's
 * state: the RateLimit fields describe the key's own limits (API.md §1). Both buckets are asked at
 * once (one round trip to a shared store, not two); a request its key's own limit refuses gives
 * its project point back before the refusal is answered, so that it costs the other keys of its
 * project nothing. A project refusal keeps the key's fields, says in its message that the
 * project's limit was hit, and asks to wait until both buckets allow the next request. The tier's
 * limits come live with the key (authenticateKey): an operator's change holds from the next request.
 */
export async function takeKeyRequest(bucket: Bucket, key: KeyBuckets): Promise<RateLimitState> {
  const tier = key.tierLimits;
  const projectBucket = `project_${bucket}` as const;
  const limitOfProject = projectLimit(tier[bucket]);
  const [own, project] = await Promise.allSettled([
    takeRequest(bucket, key.keyId, effectiveRateLimits(key.rateLimits, tier)[bucket]),
    takeRequest(projectBucket, key.projectId, limitOfProject),
  ]);
  if (own.status === "rejected") {
    if (project.status === "fulfilled" || project.reason instanceof RateLimitedError) await giveBack(projectBucket, key.projectId, limitOfProject);
    throw own.reason;
  }
  if (project.status === "rejected") {
    const error: unknown = project.reason;
    if (!(error instanceof RateLimitedError)) throw error;
    const retryAfter = Math.max(error.state.resetSeconds, own.value.resetSeconds);
    throw new RateLimitedError(own.value, {
      retryAfter,
      message:
        `Too many requests for this project: its keys together may make ${error.state.limit} \`${bucket}\` requests a minute. ` +
        `Retry after ${retryAfter} s.`,
    });
  }
  return own.value;
}
