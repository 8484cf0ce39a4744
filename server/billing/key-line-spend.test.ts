// A child key's spend counts against every key above it: the reservation checks the whole line in
// the same statement, settle/release/sweeper move every row of the line, and a parent's
// credits_used_this_month includes what its descendants spent.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { createKey, getKey } from "../keys/service";
import type { ProjectActor } from "../actor";
import { books, newWorkspace } from "../../test/kits/workspaces";
import { release, reserve, settle, sweepExpired } from "./reservations";

const usageFor = (projectId: string, keyId: string) => ({
  projectId, keyId, engine: "scholar", inputTokens: 10, outputTokens: 20, resource: "gen_test", description: "Generation gen_test (scholar)",
});

async function account(micro: bigint) {
  const { workspaceId, projectId } = await newWorkspace(micro);
  const console: ProjectActor = { workspaceId, projectId, maxScope: "read_write", by: { type: "user", id: "usr_test" } };
  const make = async (by: ProjectActor, monthly_credit_limit?: number | null) =>
    (await createKey(by, { name: "k", scope: "read_write", ...(monthly_credit_limit !== undefined && { monthly_credit_limit }) })).api_key.id;
  const asKey = (id: string): ProjectActor => ({ ...console, by: { type: "api_key", id } });
  return { workspaceId, projectId, console, make, asKey };
}

const spend = async (keyId: string) => {
  const rows = await db().keyMonthlySpend.findMany({ where: { keyId } });
  return rows.reduce((sum, row) => ({ used: sum.used + row.used, reserved: sum.reserved + row.reserved }), { used: 0n, reserved: 0n });
};

describe("a key's line shares its ancestors' monthly limits", () => {
  it("three successive child keys of a parent with a limit spend at most the parent's limit", async () => {
    const { workspaceId, projectId, console, make, asKey } = await account(10_000_000n);
    const parent = await make(console, 0.0005); // 500 µcr
    let spent = 0n;
    for (let i = 0; i < 3; i++) {
      const child = await make(asKey(parent)); // gets the parent's limit by default
      for (let j = 0; j < 5; j++) {
        const held = await reserve(workspaceId, 100n, 60, child).catch((e) => e);
        if (held.code) {
          expect(held.code).toBe("key_credit_limit_reached");
          continue;
        }
        spent += (await settle(held, 100n, usageFor(projectId, child))).charged;
      }
    }
    expect(spent).toBe(500n);
    expect(await spend(parent)).toEqual({ used: 500n, reserved: 0n });
    expect((await getKey(console, parent)).api_key.credits_used_this_month).toBe(0.0005);
    expect(await books(workspaceId)).toEqual({ balance: 10_000_000n - 500n, reserved: 0n, ledger: 10_000_000n - 500n });
  });

  it("a grandchild's holds count on every ancestor; release and the sweeper free them on every row", async () => {
    const { workspaceId, projectId, console, make, asKey } = await account(10_000_000n);
    const root = await make(console, 0.01);
    const middle = await make(asKey(root), 0.01);
    const leaf = await make(asKey(middle), 0.001);
    const held = await reserve(workspaceId, 800n, 60, leaf);
    for (const id of [root, middle, leaf]) expect(await spend(id)).toEqual({ used: 0n, reserved: 800n });
    expect(await reserve(workspaceId, 300n, 60, leaf).catch((e) => e.code)).toBe("key_credit_limit_reached");
    expect(await release(held)).toBe(true);
    for (const id of [root, middle, leaf]) expect(await spend(id)).toEqual({ used: 0n, reserved: 0n });
    await reserve(workspaceId, 700n, -1, leaf);
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    for (const id of [root, middle, leaf]) expect(await spend(id)).toEqual({ used: 0n, reserved: 0n });
    await settle(await reserve(workspaceId, 600n, 60, leaf), 400n, usageFor(projectId, leaf));
    for (const id of [root, middle, leaf]) expect(await spend(id)).toEqual({ used: 400n, reserved: 0n });
    expect((await getKey(console, root)).api_key.credits_used_this_month).toBe(0.0004);
  });

  it("the parent's own limit refuses a child whose own limit would allow it, naming the parent's numbers", async () => {
    const { workspaceId, projectId, console, make, asKey } = await account(10_000_000n);
    const parent = await make(console, 0.002);
    const a = await make(asKey(parent));
    const b = await make(asKey(parent));
    await settle(await reserve(workspaceId, 1_500n, 60, a), 1_500n, usageFor(projectId, a));
    const error = await reserve(workspaceId, 1_000n, 60, b).catch((e) => e);
    expect(error).toMatchObject({ code: "key_credit_limit_reached", extra: { limit: 0.002, used: 0.0015, required: 0.001 } });
    expect(await spend(b)).toEqual({ used: 0n, reserved: 0n });
    expect(await spend(parent)).toEqual({ used: 1_500n, reserved: 0n });
  });

  it("concurrent reservations of sibling keys never take the parent past its limit", async () => {
    const { workspaceId, projectId, console, make, asKey } = await account(10_000_000n);
    const parent = await make(console, 0.0075);
    const children = [await make(asKey(parent)), await make(asKey(parent)), await make(asKey(parent))];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, async (_, i) => {
        const key = children[i % 3];
        return settle(await reserve(workspaceId, 1_000n, 60, key), 1_000n, usageFor(projectId, key));
      }),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(7);
    expect(await spend(parent)).toEqual({ used: 7_000n, reserved: 0n });
    expect((await books(workspaceId)).balance).toBe(10_000_000n - 7_000n);
  });
});
