// A key's own limits through the service (the same for REST, console and CLI): at most the tier's,
// a key gives no more than it has, a lowered tier lowers every key above it, and the views carry
// the effective numbers and this month's settled charges.
import { beforeAll, describe, expect, it } from "vitest";
import { reserve, settle } from "../billing/reservations";
import { setTierLimits } from "../billing/tier-limits";
import { db } from "../db";
import { migrate } from "../migrations";
import { newWorkspace } from "../../test/kits/workspaces";
import { authenticateKey, createKey, getKey, listKeys, updateKey } from "./service";
import type { ProjectActor } from "../actor";

beforeAll(() => migrate());

async function project(tier = "starter"): Promise<ProjectActor> {
  const { workspaceId, projectId } = await newWorkspace(1_000_000n);
  await db().workspace.update({ where: { id: workspaceId }, data: { tier } });
  return { workspaceId, projectId, maxScope: "read_write", by: { type: "user", id: "usr_test" } };
}

describe("a key's own limits", () => {
  it("are at most the tier's; the refusal names the tier's maximum", async () => {
    const actor = await project();
    const error = await createKey(actor, { name: "x", scope: "read", rate_limits: { generate: 61 } }).catch((e) => e);
    expect(error).toMatchObject({ code: "invalid_body", extra: { param: "rate_limits.generate" } });
    expect(error.message).toContain("at most 60 requests per minute on the starter tier");
  });

  it("a key gives no more than it has, and passes its own on by default", async () => {
    const actor = await project();
    const parent = await createKey(actor, { name: "p", scope: "read_write", rate_limits: { generate: 5 }, monthly_credit_limit: 2 });
    const asParent: ProjectActor = { ...actor, by: { type: "api_key", id: parent.api_key.id } };
    const child = await createKey(asParent, { name: "c", scope: "read" });
    expect(child.api_key).toMatchObject({ rate_limits: { generate: 5, api: 1000 }, monthly_credit_limit: 2 });
    expect(await createKey(asParent, { name: "c", scope: "read", monthly_credit_limit: null }).catch((e) => e.extra.param)).toBe("monthly_credit_limit");
    expect(await updateKey(asParent, parent.api_key.id, { rate_limits: { generate: 6 } }).catch((e) => e.extra.param)).toBe("rate_limits.generate");
    // Tightening itself is fine; a person may loosen it again up to the tier.
    expect((await updateKey(asParent, parent.api_key.id, { rate_limits: { generate: 4 } })).api_key.rate_limits.generate).toBe(4);
    expect((await updateKey(actor, parent.api_key.id, { rate_limits: { generate: null }, monthly_credit_limit: null })).api_key).toMatchObject({
      rate_limits: { generate: 60, api: 1000 }, monthly_credit_limit: null,
    });
  });

  it("a lowered tier lowers every key above it, in views and in the authenticated key", async () => {
    const actor = await project("growth");
    const made = await createKey(actor, { name: "k", scope: "read", rate_limits: { api: 2000 } });
    const by = { type: "operator" as const, id: "cli" };
    try {
      await setTierLimits("growth", { generate: 300, api: 700 }, by);
      expect((await getKey(actor, made.api_key.id)).api_key.rate_limits).toEqual({ generate: 300, api: 700 });
      expect((await authenticateKey(made.key)).tierLimits).toEqual({ generate: 300, api: 700 });
    } finally {
      await setTierLimits("growth", { generate: 300, api: 3000 }, by);
    }
    expect((await getKey(actor, made.api_key.id)).api_key.rate_limits.api).toBe(2000);
  });

  it("lists this month's settled charges of each key", async () => {
    const actor = await project();
    const made = await createKey(actor, { name: "spender", scope: "read_write", monthly_credit_limit: 1 });
    const held = await reserve(actor.workspaceId, 5_000n, 60, made.api_key.id);
    await settle(held, 1_500n, { projectId: actor.projectId, keyId: made.api_key.id, engine: "fire", inputTokens: 1, outputTokens: 1, resource: "gen_x", description: "x" });
    const listed = (await listKeys(actor, { limit: 10 })).api_keys.find((key) => key.id === made.api_key.id);
    expect(listed).toMatchObject({ monthly_credit_limit: 1, credits_used_this_month: 0.0015 });
  });
});
