// The key's bucket and its project's (memory back end): many keys of one project together stay
// within the project's limit; a key refused on its own limit takes nothing from the project.
import { describe, expect, it } from "vitest";
import { projectLimit, workspaceLimit } from "../billing/tiers";
import { newId } from "../ids";
import { takeKeyRequest } from "./key-rate-limit";
import { RateLimitedError } from "./rate-limit";

// The starter tier as the migrations set it (the key's limits are the tier's: none of its own).
const perKey = 60;
const perProject = projectLimit(perKey);

async function send(keyId: string, projectId: string, times: number, workspaceId = newId("wsp")) {
  return Promise.allSettled(
    Array.from({ length: times }, () => takeKeyRequest("generate", { keyId, projectId, workspaceId, tierLimits: { generate: perKey, api: 1000 }, rateLimits: { generate: null, api: null } })),
  );
}
const passed = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === "fulfilled").length;
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as RateLimitedError);

describe("a project's keys share one project bucket", () => {
  it("is a multiple of the per-key limit", () => {
    expect(perProject).toBe(perKey * 5);
  });

  it("lets all keys together through up to the project's limit, each within its own", async () => {
    const projectId = newId("prj");
    const keys = Array.from({ length: 6 }, () => newId("key"));
    const results = (await Promise.all(keys.map((key) => send(key, projectId, perKey)))).flat();
    expect(passed(results)).toBe(perProject);
    const refused = refusals(results);
    expect(refused).toHaveLength(keys.length * perKey - perProject);
    for (const error of refused) {
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.message).toMatch(/this project/);
      // The fields stay the key's own, with room left; the wait covers both buckets.
      expect(error.state.limit).toBe(perKey);
      expect(error.state.remaining).toBeGreaterThanOrEqual(0);
      expect(error.extra.retry_after).toBeGreaterThanOrEqual(error.state.resetSeconds);
    }
    // Another project is untouched.
    expect(passed(await send(newId("key"), newId("prj"), 1))).toBe(1);
  });

  it("takes nothing from the project for requests its key's own limit refused", async () => {
    const projectId = newId("prj");
    const greedy = await send(newId("key"), projectId, perKey * 3);
    expect(passed(greedy)).toBe(perKey);
    expect(refusals(greedy).every((error) => /this key/.test(error.message))).toBe(true);
    const others = Array.from({ length: perProject / perKey - 1 }, () => newId("key"));
    const rest = (await Promise.all(others.map((key) => send(key, projectId, perKey)))).flat();
    expect(passed(rest)).toBe(perProject - perKey);
    expect(passed(await send(newId("key"), projectId, 1))).toBe(0);
  });
});

describe("a key's own limit", () => {
  const take = (rateLimits: { generate: number | null; api: number | null }, tierLimits = { generate: 10, api: 1000 }) =>
    takeKeyRequest("generate", { keyId: newId("key"), projectId: newId("prj"), workspaceId: newId("wsp"), tierLimits, rateLimits });

  it("applies when below the tier's, and the headers say so", async () => {
    const state = await take({ generate: 3, api: null });
    expect(state).toMatchObject({ bucket: "generate", limit: 3, remaining: 2 });
  });

  it("never lifts a key above its tier's: a lowered tier lowers it", async () => {
    expect((await take({ generate: 50, api: null })).limit).toBe(10);
    expect((await take({ generate: null, api: null }, { generate: 4, api: 1000 })).limit).toBe(4);
  });
});

describe("a workspace's projects share one workspace bucket", () => {
  it("keys of many projects together get no more than the workspace's limit; a workspace refusal says so", async () => {
    const workspaceId = newId("wsp");
    const perWorkspace = workspaceLimit(perKey);
    const projects = Array.from({ length: Math.ceil(perWorkspace / perProject) + 1 }, () => newId("prj"));
    const keysPerProject = Math.ceil(perProject / perKey);
    const results = (
      await Promise.all(projects.flatMap((projectId) => Array.from({ length: keysPerProject }, () => send(newId("key"), projectId, perKey, workspaceId))))
    ).flat();
    expect(passed(results)).toBe(perWorkspace);
    const refused = refusals(await send(newId("key"), newId("prj"), 1, workspaceId));
    expect(refused[0].message).toMatch(/^Too many requests for this workspace: /);
  });
});
