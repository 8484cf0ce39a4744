import { describe, expect, it } from "vitest";
import { rateLimitHeaders, RateLimitedError, takeRequest } from "./rate-limit";

describe("per-key buckets (memory back end)", () => {
  it("lets exactly the limit through, then refuses with a retry time", async () => {
    const subject = `test-${Math.random()}`;
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => takeRequest("api", subject, 10)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(2);
    const error = refused[0].reason as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.state.remaining).toBe(0);
    expect(error.extra.retry_after).toBeGreaterThanOrEqual(1);
    expect(error.extra.retry_after).toBeLessThanOrEqual(60);
  });

  it("keeps subjects and buckets apart", async () => {
    const subject = `test-${Math.random()}`;
    await takeRequest("api", subject, 1);
    await expect(takeRequest("api", subject, 1)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(takeRequest("generate", subject, 1)).resolves.toMatchObject({ remaining: 0 });
    await expect(takeRequest("api", `${subject}-other`, 1)).resolves.toMatchObject({ remaining: 0 });
  });

  it("formats the IETF headers", () => {
    expect(rateLimitHeaders({ bucket: "generate", limit: 60, window: 60, remaining: 59, resetSeconds: 12 })).toEqual({
      "RateLimit-Policy": '"generate";q=60;w=60',
      RateLimit: '"generate";r=59;t=12',
    });
  });
});
