import { describe, expect, it } from "vitest";
import { db } from "../db";
import { runWithRequest } from "../request-context";
import { books, concurrentPairs, newWorkspace } from "../../test/kits/workspaces";
import { release, reserve, settle, sweepExpired } from "./reservations";

const usageFor = (projectId: string) => ({
  projectId, engine: "scholar", inputTokens: 10, outputTokens: 20, resource: "gen_test", description: "Generation gen_test (scholar)",
});

describe("reservations", () => {
  const stress = concurrentPairs(500, 123);
  it(`${stress} concurrent reserve/settle pairs: exactly what the balance allows, books balanced`, async () => {
    const unit = 1_000n;
    const start = unit * 123n + 500n; // covers 123 pairs, not 124
    const { workspaceId, projectId } = await newWorkspace(start);
    const outcomes = await Promise.allSettled(
      Array.from({ length: stress }, async () => {
        const held = await reserve(workspaceId, unit, 60);
        return settle(held, unit, usageFor(projectId));
      }),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(succeeded).toHaveLength(123);
    expect(refused.every((o) => o.reason.code === "insufficient_credits")).toBe(true);
    const after = await books(workspaceId);
    expect(after.balance).toBe(start - 123n * unit);
    expect(after.reserved).toBe(0n);
    expect(after.ledger).toBe(after.balance);
  });

  it("refuses with 402 details when balance − reserved cannot cover it", async () => {
    const { workspaceId } = await newWorkspace(5_000n);
    await reserve(workspaceId, 4_000n, 60);
    const error = await reserve(workspaceId, 2_000n, 60).catch((e) => e);
    expect(error).toMatchObject({ code: "insufficient_credits", extra: { balance: 0.001, required: 0.002 } });
  });

  it("settles once: twice charges once; release after settle does nothing", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    expect(await settle(held, 1_200n, usageFor(projectId))).toEqual({ status: "settled", charged: 1_200n });
    expect(await settle(held, 1_200n, usageFor(projectId))).toEqual({ status: "already_settled", charged: 1_200n });
    expect(await release(held)).toBe(false);
    expect(await books(workspaceId)).toEqual({ balance: 8_800n, reserved: 0n, ledger: 8_800n });
    expect(await db().usageRecord.count({ where: { workspaceId } })).toBe(1);
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { workspaceId, kind: "charge" } });
    expect(entry).toMatchObject({ resource: "gen_test", description: "Generation gen_test (scholar)", amount: -1_200n });
  });

  it("never charges more than reserved", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    expect((await settle(held, 9_000n, usageFor(projectId))).charged).toBe(3_000n);
    expect((await books(workspaceId)).balance).toBe(7_000n);
  });

  it("release frees everything; settling a released reservation charges nothing", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    expect(await release(held)).toBe(true);
    expect(await release(held)).toBe(false);
    expect(await settle(held, 1_000n, usageFor(projectId))).toEqual({ status: "refused", charged: 0n });
    expect(await books(workspaceId)).toEqual({ balance: 10_000n, reserved: 0n, ledger: 10_000n });
  });

  it("an expired reservation is swept, then settles late only from what is available", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const late = await reserve(workspaceId, 4_000n, -1);
    const lost = await reserve(workspaceId, 4_000n, -1);
    expect(await sweepExpired()).toBeGreaterThanOrEqual(2);
    expect((await books(workspaceId)).reserved).toBe(0n);
    expect(await settle(late, 3_000n, usageFor(projectId))).toEqual({ status: "settled", charged: 3_000n });
    // 7 000 left; hold 6 000 of it so the second late settlement cannot be covered.
    await reserve(workspaceId, 6_000n, 60);
    expect(await settle(lost, 3_000n, usageFor(projectId))).toEqual({ status: "refused", charged: 0n });
    const after = await books(workspaceId);
    expect(after).toEqual({ balance: 7_000n, reserved: 6_000n, ledger: 7_000n });
  });

  it("sweepers running at once expire each reservation exactly once", async () => {
    const { workspaceId } = await newWorkspace(100_000n);
    await Promise.all(Array.from({ length: 40 }, () => reserve(workspaceId, 1_000n, -1)));
    await reserve(workspaceId, 1_000n, 3600); // not expired: stays held
    const counts = await Promise.all(Array.from({ length: 5 }, () => sweepExpired()));
    const mine = await db().reservation.count({ where: { workspaceId, status: "expired" } });
    expect(mine).toBe(40);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(40);
    expect((await books(workspaceId)).reserved).toBe(1_000n);
  });

  it("writes billing.credits_added on top-ups and billing.balance_low when the balance crosses the threshold", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n, { threshold: 5_000n });
    const events = () => db().outboxEvent.findMany({ where: { workspaceId }, orderBy: { id: "asc" } });
    expect((await events()).map((e) => e.type)).toEqual(["billing.credits_added"]);
    const first = await reserve(workspaceId, 4_000n, 60);
    await settle(first, 4_000n, usageFor(projectId)); // 6 000: still above
    const second = await reserve(workspaceId, 2_000n, 60);
    await settle(second, 2_000n, usageFor(projectId)); // 4 000: crossed
    const third = await reserve(workspaceId, 1_000n, 60);
    await settle(third, 1_000n, usageFor(projectId)); // 3 000: already below, no new event
    const types = (await events()).map((e) => e.type);
    expect(types).toEqual(["billing.credits_added", "billing.balance_low"]);
  });
});

describe("settlement of a held reservation", () => {
  it("is one statement: charge, freed hold, ledger entry, usage record and rollup, generation record", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    const generation = { id: `gen_${held.id}`, product: "scholar", endpoint: "completions", family: "one,two", status: "completed", door: "native", errorCode: null, finishReason: "stop", latencyMs: 120, firstTokenMs: 40, routing: { reason: "primary engine answered", attempts: 1, escalated: false } };
    const context = { requestId: "req_test", dbOperations: 0 };
    const settled = await runWithRequest(context, () => settle(held, 1_200n, { ...usageFor(projectId), resource: generation.id, metadata: { run: "1" } }, generation));
    expect(settled).toEqual({ status: "settled", charged: 1_200n });
    expect(context.dbOperations).toBe(1);
    expect(await books(workspaceId)).toEqual({ balance: 8_800n, reserved: 0n, ledger: 8_800n });
    const entry = await db().ledgerEntry.findFirst({ where: { workspaceId, kind: "charge" } });
    expect(entry).toMatchObject({ amount: -1_200n, balanceAfter: 8_800n, reservationId: held.id, resource: generation.id });
    expect(await db().usageRecord.findFirst({ where: { workspaceId } })).toMatchObject({ credits: 1_200n, inputTokens: 10n, outputTokens: 20n, metadata: { run: "1" } });
    expect(await db().usageDaily.findFirst({ where: { workspaceId } })).toMatchObject({ requests: 1n, credits: 1_200n });
    expect(await db().generation.findUnique({ where: { id: generation.id } })).toMatchObject({
      credits: 1_200n, family: "one,two", inputTokens: 10, outputTokens: 20, door: "native", finishReason: "stop", latencyMs: 120, firstTokenMs: 40,
      routingReason: "primary engine answered", attempts: 1, escalated: false, status: "completed", errorCode: null,
    });
  });

  it("a release with a failed generation's record frees the hold and records it, charging nothing", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    const generation = {
      id: `gen_${held.id}`, product: "scholar", endpoint: "code", family: "one", status: "failed", door: "openai", errorCode: "upstream_unavailable",
      finishReason: null, latencyMs: 900, firstTokenMs: null, routing: { reason: "no engine answered", attempts: 3, escalated: true },
    };
    expect(await release(held, { generation, projectId, keyId: null })).toBe(true);
    expect(await books(workspaceId)).toEqual({ balance: 10_000n, reserved: 0n, ledger: 10_000n });
    expect(await db().generation.findUnique({ where: { id: generation.id } })).toMatchObject({
      workspaceId, projectId, status: "failed", errorCode: "upstream_unavailable", credits: 0n, inputTokens: 0, outputTokens: 0, door: "openai", attempts: 3, escalated: true,
    });
    // Released once: a second release records nothing more.
    expect(await release(held, { generation: { ...generation, id: `${generation.id}x` }, projectId, keyId: null })).toBe(false);
    expect(await db().generation.findUnique({ where: { id: `${generation.id}x` } })).toBeNull();
  });

  it("a settlement whose metadata the database refuses is still charged, by a write without it", async () => {
    const { workspaceId, projectId } = await newWorkspace(10_000n);
    const held = await reserve(workspaceId, 3_000n, 60);
    // A lone surrogate: refused at parse since, but any value ::jsonb refuses must not make a generation free.
    const usage = { ...usageFor(projectId), metadata: { team: "\udfff" } };
    const generation = { id: `gen_${held.id}`, product: "scholar", endpoint: "completions", family: "alpha", status: "completed", door: "native", errorCode: null, finishReason: "stop", latencyMs: 120, firstTokenMs: 40, routing: { reason: "primary engine answered", attempts: 1, escalated: false } };
    expect(await settle(held, 1_200n, usage, generation)).toEqual({ status: "settled", charged: 1_200n });
    expect(await release(held)).toBe(false);
    expect(await books(workspaceId)).toEqual({ balance: 8_800n, reserved: 0n, ledger: 8_800n });
    const record = await db().usageRecord.findFirstOrThrow({ where: { workspaceId } });
    expect(record).toMatchObject({ credits: 1_200n, metadata: null });
    expect(await db().generation.findUnique({ where: { id: generation.id } })).toMatchObject({ credits: 1_200n });
  });
});
