// A key's monthly credit limit, held in the same step as the workspace balance: concurrent
// reservations never take a key past its limit, refusals hold nothing, and settle, release and
// the sweeper move or free the key's hold exactly as they do the workspace's.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { books, concurrentPairs, keyWithLimit, newWorkspace } from "../../test/kits/workspaces";
import { release, reserve, settle, sweepExpired } from "./reservations";

const usageFor = (projectId: string, keyId: string) => ({
  projectId, keyId, engine: "scholar", inputTokens: 10, outputTokens: 20, resource: "gen_test", description: "Generation gen_test (scholar)",
});

async function spend(keyId: string) {
  const rows = await db().keyMonthlySpend.findMany({ where: { keyId } });
  return rows.reduce((sum, row) => ({ used: sum.used + row.used, reserved: sum.reserved + row.reserved }), { used: 0n, reserved: 0n });
}

describe("a key's monthly credit limit in the reservation", () => {
  const stress = concurrentPairs(300, 7);
  it(`${stress} concurrent reserve/settle pairs on one key: the key's charges stop at its limit, refusals cost nothing`, async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000_000n);
    const keyId = await keyWithLimit(workspaceId, projectId, 7_500n); // covers 7 of 1 000, not 8
    const outcomes = await Promise.allSettled(
      Array.from({ length: stress }, async () => settle(await reserve(workspaceId, 1_000n, 60, keyId), 1_000n, usageFor(projectId, keyId))),
    );
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(outcomes.length - refused.length).toBe(7);
    expect(refused.every((o) => o.reason.code === "key_credit_limit_reached")).toBe(true);
    expect(await spend(keyId)).toEqual({ used: 7_000n, reserved: 0n });
    expect(await books(workspaceId)).toEqual({ balance: 10_000_000n - 7_000n, reserved: 0n, ledger: 10_000_000n - 7_000n });
  });

  it("refuses with limit, used (settled and held) and required; the workspace keeps its credits", async () => {
    const { workspaceId, projectId } = await newWorkspace(1_000_000n);
    const keyId = await keyWithLimit(workspaceId, projectId, 5_000n);
    await settle(await reserve(workspaceId, 3_000n, 60, keyId), 2_000n, usageFor(projectId, keyId));
    await reserve(workspaceId, 1_000n, 60, keyId); // open: counts
    const error = await reserve(workspaceId, 2_500n, 60, keyId).catch((e) => e);
    expect(error).toMatchObject({ code: "key_credit_limit_reached", extra: { limit: 0.005, used: 0.003, required: 0.0025 } });
    expect(await spend(keyId)).toEqual({ used: 2_000n, reserved: 1_000n });
    expect((await books(workspaceId)).reserved).toBe(1_000n);
  });

  it("a workspace refusal leaves the key's hold untouched; a key without a limit is only counted", async () => {
    const { workspaceId, projectId } = await newWorkspace(1_000n);
    const limited = await keyWithLimit(workspaceId, projectId, 1_000_000n);
    const open = await keyWithLimit(workspaceId, projectId, null);
    expect(await reserve(workspaceId, 2_000n, 60, limited).catch((e) => e.code)).toBe("insufficient_credits");
    expect(await spend(limited)).toEqual({ used: 0n, reserved: 0n });
    const held = await reserve(workspaceId, 600n, 60, open);
    expect(await spend(open)).toEqual({ used: 0n, reserved: 600n });
    await settle(held, 400n, usageFor(projectId, open));
    expect(await spend(open)).toEqual({ used: 400n, reserved: 0n });
  });

  it("release and the sweeper free the key's hold; a late settlement counts as used", async () => {
    const { workspaceId, projectId } = await newWorkspace(100_000n);
    const keyId = await keyWithLimit(workspaceId, projectId, 10_000n);
    expect(await release(await reserve(workspaceId, 4_000n, 60, keyId))).toBe(true);
    expect(await spend(keyId)).toEqual({ used: 0n, reserved: 0n });
    const crashed = await reserve(workspaceId, 6_000n, -1, keyId);
    await reserve(workspaceId, 4_000n, -1, keyId);
    expect(await reserve(workspaceId, 1_000n, 60, keyId).catch((e) => e.code)).toBe("key_credit_limit_reached");
    expect(await sweepExpired()).toBeGreaterThanOrEqual(2);
    expect(await spend(keyId)).toEqual({ used: 0n, reserved: 0n });
    expect(await settle(crashed, 5_000n, usageFor(projectId, keyId))).toEqual({ status: "settled", charged: 5_000n });
    expect(await spend(keyId)).toEqual({ used: 5_000n, reserved: 0n });
    expect(await books(workspaceId)).toEqual({ balance: 95_000n, reserved: 0n, ledger: 95_000n });
  });
});
