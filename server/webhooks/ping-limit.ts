// How many test events may be sent: PINGS_PER_WEBHOOK a minute to one endpoint and
// PINGS_PER_WORKSPACE a minute over a workspace's endpoints, whichever door asks (REST or the
// console). Each test event is a delivery; without a bound, a tenant could queue thousands to an
// endpoint that never answers. Shared by every replica through Redis when it is set.
import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import { limiter, RateLimitedError } from "../http/rate-limit";

export const PINGS_PER_WEBHOOK = 5;
export const PINGS_PER_WORKSPACE = 20;
const WINDOW_SECONDS = 60;

function refusal(bucket: string, limit: number, msBeforeNext: number, what: string): RateLimitedError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new RateLimitedError(
    { bucket, limit, window: WINDOW_SECONDS, remaining: 0, resetSeconds: retryAfter },
    { message: `Too many test events: ${what} may get ${limit} a minute. Retry after ${retryAfter} s.` },
  );
}

/** Takes one test event from the endpoint's and the workspace's allowance, or throws 429 `rate_limited`. */
export async function takePing(workspaceId: string, webhookId: string): Promise<void> {
  const endpoint = limiter("webhook_ping", PINGS_PER_WEBHOOK, WINDOW_SECONDS);
  const workspace = limiter("workspace_ping", PINGS_PER_WORKSPACE, WINDOW_SECONDS);
  const [own, all] = await Promise.allSettled([endpoint.consume(webhookId, 1), workspace.consume(workspaceId, 1)]);
  for (const result of [own, all]) {
    if (result.status === "rejected" && !(result.reason instanceof RateLimiterRes)) throw result.reason;
  }
  if (own.status === "rejected") {
    // Refused by the endpoint's own limit: the workspace's allowance is not spent on it.
    if (all.status === "fulfilled") await workspace.reward(workspaceId, 1);
    throw refusal("webhook_ping", PINGS_PER_WEBHOOK, (own.reason as RateLimiterRes).msBeforeNext, "one endpoint");
  }
  if (all.status === "rejected") {
    await endpoint.reward(webhookId, 1);
    throw refusal("workspace_ping", PINGS_PER_WORKSPACE, (all.reason as RateLimiterRes).msBeforeNext, "the endpoints of one workspace together");
  }
}
