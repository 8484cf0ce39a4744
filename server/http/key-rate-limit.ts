// The rate limits of a keyed request: the key's own bucket (its own limit, never above its tier's),
// then its whole project's and its whole workspace's, so that a project's keys together never get
// more than PROJECT_RATE_LIMIT_MULTIPLE times the tier's per-key limit however many keys it makes,
// and a workspace's projects together no more than WORKSPACE_RATE_LIMIT_MULTIPLE times it however
// many projects it makes.
import "server-only";
import type { TierLimits } from "../billing/tier-limits";
import { projectLimit, workspaceLimit, type Bucket } from "../billing/tiers";
import { effectiveRateLimits, type OwnLimits } from "../keys/limits";
import { giveBack, RateLimitedError, takeRequest, type RateLimitState } from "./rate-limit";

export type KeyBuckets = { keyId: string; projectId: string; workspaceId: string; tierLimits: TierLimits; rateLimits: OwnLimits["rateLimits"] };

/**
 * Takes one request from the key's bucket, its project's and its workspace's, and returns the
 * key's state: the RateLimit fields describe the key's own limits (README "API keys"). All buckets are
 * asked at once (one round trip to a shared store each, in parallel); a request that one bucket
 * refuses gives the points it took from the wider buckets back before the refusal is answered, so
 * that it costs the other keys nothing. A project or workspace refusal keeps the key's fields,
 * says in its message which limit was hit, and asks to wait until the buckets allow the next
 * request. The tier's limits come live with the key (authenticateKey): an operator's change holds
 * from the next request.
 */
export async function takeKeyRequest(bucket: Bucket, key: KeyBuckets): Promise<RateLimitState> {
  const tier = key.tierLimits;
  const wider = [
    { owner: "project", words: "its keys together", bucket: `project_${bucket}` as const, subject: key.projectId, limit: projectLimit(tier[bucket]) },
    { owner: "workspace", words: "the keys of all its projects together", bucket: `workspace_${bucket}` as const, subject: key.workspaceId, limit: workspaceLimit(tier[bucket]) },
  ];
  const [own, ...theirs] = await Promise.allSettled([
    takeRequest(bucket, key.keyId, effectiveRateLimits(key.rateLimits, tier)[bucket]),
    ...wider.map((w) => takeRequest(w.bucket, w.subject, w.limit)),
  ]);
  // A refused take counted too (the store counts every attempt): give back every wider one taken.
  const giveBackWider = (except?: number) =>
    Promise.all(
      wider.map((w, i) => {
        const result = theirs[i];
        const took = result.status === "fulfilled" || result.reason instanceof RateLimitedError;
        return took && i !== except ? giveBack(w.bucket, w.subject, w.limit) : undefined;
      }),
    );
  if (own.status === "rejected") {
    await giveBackWider();
    throw own.reason;
  }
  const refused = theirs.findIndex((result) => result.status === "rejected");
  if (refused >= 0) {
    const error: unknown = (theirs[refused] as PromiseRejectedResult).reason;
    if (!(error instanceof RateLimitedError)) throw error;
    await giveBackWider(refused);
    const { owner, words } = wider[refused];
    const retryAfter = Math.max(error.state.resetSeconds, own.value.resetSeconds);
    throw new RateLimitedError(own.value, {
      retryAfter,
      message: `Too many requests for this ${owner}: ${words} may make ${error.state.limit} \`${bucket}\` requests a minute. Retry after ${retryAfter} s.`,
    });
  }
  return own.value;
}
