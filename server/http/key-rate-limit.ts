// The rate limits of a keyed request: the key's own bucket, then its whole project's, so that a
// project's keys together never get more than PROJECT_RATE_LIMIT_MULTIPLE times one key's limit
// however many keys it makes.
import { projectLimit, tierOf, type Bucket } from "../billing/tiers";
import { RateLimitedError, takeRequest, type RateLimitState } from "./rate-limit";

export type KeyBuckets = { keyId: string; projectId: string; tier: string };

/**
 * Takes one request from the key's bucket, then one from its project's, and returns the key's
 * state: the RateLimit fields describe the key's own limits (API.md §1). The project is asked
 * only once the key has room (one more atomic consume, not a union of both), so that a key
 * refused on its own limit costs the other keys of its project nothing. A project refusal keeps
 * the key's fields, says in its message that the project's limit was hit, and asks to wait until
 * both buckets allow the next request.
 */
export async function takeKeyRequest(bucket: Bucket, key: KeyBuckets): Promise<RateLimitState> {
  const tier = tierOf(key.tier);
  const own = await takeRequest(bucket, key.keyId, tier.limits[bucket]);
  try {
    await takeRequest(`project_${bucket}`, key.projectId, projectLimit(tier, bucket));
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const retryAfter = Math.max(error.state.resetSeconds, own.resetSeconds);
    throw new RateLimitedError(own, {
      retryAfter,
      message:
        `Too many requests for this project: its keys together may make ${error.state.limit} \`${bucket}\` requests a minute. ` +
        `Retry after ${retryAfter} s.`,
    });
  }
  return own;
}
