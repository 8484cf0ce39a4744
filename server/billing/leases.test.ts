// Credit leases hold generations' credits without a statement each: under any concurrency, with
// one process or two (two lease holders on the same workspace), exactly what the balance and the
// key's budget allow is settled, nothing stays reserved, and the books balance.
import { describe, expect, it } from "vitest";
import { db } from "../db";
import { newId } from "../ids";
import { books, concurrentPairs, keyWithLimit, newWorkspace } from "../../test/kits/workspaces";
import { CreditLeases } from "./leases";
import { sweepExpired } from "./reservations";

const usageFor = (projectId: string, keyId: string | null = null) => ({
  projectId, keyId, engine: "scholar", inputTokens: 10, outputTokens: 20, resource: "gen_test", description: "Generation gen_test (scholar)",
});

/** `count` concurrent hold → settle pairs of `unit`, spread over the given lease holders in turn. */
async function pairs(holders: CreditLeases[], count: number, unit: bigint, workspaceId: string, projectId: string, keyId: string | null = null) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, async (_, i) => {
      const leases = holders[i % holders.length];
      const hold = await leases.hold(workspaceId, unit, 60, keyId);
      return leases.settle(hold, unit, usageFor(projectId, keyId));
    }),
  );
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  return { settled: outcomes.length - refused.length, refusals: refused.map((o) => o.reason.code) };
}

const rowsOf = (workspaceId: string) => db().reservation.count({ where: { workspaceId } });

describe("credit leases", () => {
  const stress = { balance: concurrentPairs(500, 123), twoHolders: concurrentPairs(600, 200), keyLimit: concurrentPairs(300, 7) };
  it(`${stress.balance} concurrent hold/settle pairs: exactly what the balance allows, from far fewer statements than pairs`, async () => {
    const unit = 1_000n;
    const start = unit * 123n + 500n; // covers 123 pairs, not 124
    const { workspaceId, projectId } = await newWorkspace(start);
    const { settled, refusals } = await pairs([new CreditLeases()], stress.balance, unit, workspaceId, projectId);
    expect(settled).toBe(123);
    expect(new Set(refusals)).toEqual(new Set(["insufficient_credits"]));
    expect(await books(workspaceId)).toEqual({ balance: start - 123n * unit, reserved: 0n, ledger: start - 123n * unit });
    expect(await db().ledgerEntry.count({ where: { workspaceId, kind: "charge" } })).toBe(123);
    expect(await db().reservation.count({ where: { workspaceId, status: "held" } })).toBe(0);
    expect(await rowsOf(workspaceId)).toBeLessThan(123);
  });

  it("two lease holders (two replicas) on one workspace: never more than the balance, nothing left held", async () => {
    const unit = 1_000n;
    const start = unit * 200n + 999n;
    const { workspaceId, projectId } = await newWorkspace(start);
    const { settled } = await pairs([new CreditLeases(), new CreditLeases()], stress.twoHolders, unit, workspaceId, projectId);
    // Each holder gives its free part back before refusing; what the other one holds for holds in
    // flight may refuse a few at the very end, never let one through that the balance cannot pay.
    expect(settled).toBeLessThanOrEqual(200);
    expect(settled).toBeGreaterThanOrEqual(190);
    expect(await books(workspaceId)).toEqual({ balance: start - BigInt(settled) * unit, reserved: 0n, ledger: start - BigInt(settled) * unit });
    expect(await db().ledgerEntry.count({ where: { workspaceId, kind: "charge" } })).toBe(settled);
  });

  it(`a key's monthly limit: ${stress.keyLimit} concurrent pairs stop at it, the key's line holds nothing after`, async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000_000n);
    const keyId = await keyWithLimit(workspaceId, projectId, 7_500n); // covers 7 of 1 000, not 8
    const { settled, refusals } = await pairs([new CreditLeases()], stress.keyLimit, 1_000n, workspaceId, projectId, keyId);
    expect(settled).toBe(7);
    expect(new Set(refusals)).toEqual(new Set(["key_credit_limit_reached"]));
    const spend = await db().keyMonthlySpend.findMany({ where: { keyId } });
    expect(spend.map(({ used, reserved }) => ({ used, reserved }))).toEqual([{ used: 7_000n, reserved: 0n }]);
    expect(await books(workspaceId)).toEqual({ balance: 10_000_000n - 7_000n, reserved: 0n, ledger: 10_000_000n - 7_000n });
  });

  it("a lone client leases exactly its hold: reserved shows only what is in flight", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const hold = await leases.hold(workspaceId, 3_000n, 60);
    expect(await books(workspaceId)).toMatchObject({ reserved: 3_000n });
    expect(await leases.settle(hold, 1_200n, usageFor(projectId))).toEqual({ status: "settled", charged: 1_200n });
    expect(await books(workspaceId)).toEqual({ balance: 8_800n, reserved: 0n, ledger: 8_800n });
  });

  it("settles once: twice charges once, a retry of a committed settlement too; release after settle does nothing", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const [first, second] = await Promise.all([leases.hold(workspaceId, 3_000n, 60), leases.hold(workspaceId, 3_000n, 60)]);
    expect(await leases.settle(first, 1_200n, usageFor(projectId))).toEqual({ status: "settled", charged: 1_200n });
    expect(await leases.settle(first, 1_200n, usageFor(projectId))).toEqual({ status: "already_settled", charged: 1_200n });
    // The answer of the first try lost (as when the connection drops after the commit): tried again.
    first.outcome = null;
    expect(await leases.settle(first, 1_200n, usageFor(projectId))).toEqual({ status: "settled", charged: 1_200n });
    expect(await leases.release(first)).toBe(false);
    expect(await leases.settle(second, 9_000n, usageFor(projectId))).toEqual({ status: "settled", charged: 3_000n }); // never over the hold
    expect(await books(workspaceId)).toEqual({ balance: 5_800n, reserved: 0n, ledger: 5_800n });
    expect(await db().usageRecord.count({ where: { workspaceId } })).toBe(2);
  });

  it("a settlement of 0 credits (no ledger entry) retried after it committed is answered from the generation's record", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const [free, kept] = await Promise.all([leases.hold(workspaceId, 3_000n, 60), leases.hold(workspaceId, 3_000n, 60)]);
    const generation = {
      id: newId("gen"), product: "scholar", endpoint: "completions", family: "sandbox", status: "completed", door: "native",
      errorCode: null, finishReason: "stop", latencyMs: 5, firstTokenMs: 2, routing: { reason: "test", attempts: 1, escalated: false },
    };
    expect(await leases.settle(free, 0n, usageFor(projectId), generation)).toEqual({ status: "settled", charged: 0n });
    free.outcome = null; // its answer lost: tried again
    expect(await leases.settle(free, 0n, usageFor(projectId), generation)).toEqual({ status: "settled", charged: 0n });
    await leases.settle(kept, 1_000n, usageFor(projectId));
    expect(await db().generation.count({ where: { workspaceId } })).toBe(1);
    expect(await books(workspaceId)).toEqual({ balance: 9_000n, reserved: 0n, ledger: 9_000n });
  });

  it("release gives the hold back; settling a released hold charges nothing", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const [kept, freed] = await Promise.all([leases.hold(workspaceId, 3_000n, 60), leases.hold(workspaceId, 3_000n, 60)]);
    expect(await leases.release(freed)).toBe(true);
    expect(await leases.release(freed)).toBe(false);
    expect(await leases.settle(freed, 1_000n, usageFor(projectId))).toEqual({ status: "refused", charged: 0n });
    expect((await books(workspaceId)).reserved).toBeGreaterThanOrEqual(3_000n); // the kept hold's row is still open
    await leases.release(kept);
    expect(await books(workspaceId)).toEqual({ balance: 10_000n, reserved: 0n, ledger: 10_000n });
  });

  it("a failed generation's release records it once, even when the release is tried again after it committed", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const [failedHold, kept] = await Promise.all([leases.hold(workspaceId, 3_000n, 60), leases.hold(workspaceId, 3_000n, 60)]);
    await leases.settle(kept, 1_000n, usageFor(projectId)); // the row stays open for the failed one
    const generation = {
      id: newId("gen"), product: "scholar", endpoint: "completions", family: "sandbox", status: "failed", door: "native",
      errorCode: "upstream_unavailable", finishReason: null, latencyMs: 5, firstTokenMs: null, routing: { reason: "test", attempts: 2, escalated: true },
    };
    const failed = { generation, projectId, keyId: null };
    expect(await leases.release(failedHold, failed)).toBe(true);
    failedHold.outcome = null; // its answer lost: tried again
    expect(await leases.release(failedHold, failed)).toBe(true);
    expect(await leases.release(failedHold, failed)).toBe(false);
    expect(await db().generation.findMany({ where: { workspaceId }, select: { status: true, credits: true } })).toEqual([{ status: "failed", credits: 0n }]);
    expect(await books(workspaceId)).toEqual({ balance: 9_000n, reserved: 0n, ledger: 9_000n });
  });

  it("a lease swept after its time: its holds settle late only from what is available", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const leases = new CreditLeases();
    const late = await leases.hold(workspaceId, 4_000n, -60);
    const lost = await new CreditLeases().hold(workspaceId, 4_000n, -60);
    expect(await sweepExpired()).toBeGreaterThanOrEqual(2);
    expect((await books(workspaceId)).reserved).toBe(0n);
    expect(await leases.settle(late, 3_000n, usageFor(projectId))).toEqual({ status: "settled", charged: 3_000n });
    await new CreditLeases().hold(workspaceId, 6_000n, 60); // 7 000 left, 6 000 of it held: the second cannot be covered
    expect(await leases.settle(lost, 3_000n, usageFor(projectId))).toEqual({ status: "refused", charged: 0n });
    expect(await books(workspaceId)).toEqual({ balance: 7_000n, reserved: 6_000n, ledger: 7_000n });
  });
});
