// The auto-recharge a charge makes due is written by the charge's own statement, at most one per
// workspace however many settlements cross the threshold at once (on PostgreSQL: truly at once,
// each on its own connection); and a reversal may take the balance below zero, in the ledger.
import { describe, expect, it } from "vitest";
import { db } from "../../db";
import { newId } from "../../ids";
import { books, newWorkspace } from "../../../test/kits/workspaces";
import { reserve, settle } from "../reservations";
import { reversePayment } from "./reversal";

const usageFor = (projectId: string) => ({ projectId, keyId: null, engine: "scholar", inputTokens: 10, outputTokens: 20, resource: "gen_test", description: "Generation gen_test (scholar)" });

async function withAutoRecharge(balance: bigint, enabled = true) {
  const workspace = await newWorkspace(balance);
  await db().autoRecharge.create({
    data: { workspaceId: workspace.workspaceId, enabled, threshold: 5_000_000n, target: 20_000_000n, customerId: "cus_test", paymentMethodId: "pm_test" },
  });
  return workspace;
}

const pendingRecharges = (workspaceId: string) => db().payment.count({ where: { workspaceId, kind: "auto_recharge", status: "pending" } });

const spendConcurrently = (workspaceId: string, projectId: string, count: number) =>
  Promise.all(Array.from({ length: count }, async () => settle(await reserve(workspaceId, 2_000n, 60, null), 1_000n, usageFor(projectId))));

describe("a charge that takes the balance below the auto-recharge threshold", () => {
  it("60 concurrent settlements crossing it make exactly one pending recharge", async () => {
    const { workspaceId, projectId } = await withAutoRecharge(5_030_000n);
    await spendConcurrently(workspaceId, projectId, 60);
    expect((await books(workspaceId)).balance).toBe(5_030_000n - 60_000n);
    expect(await pendingRecharges(workspaceId)).toBe(1);
  }, 180_000); // the first test of the file also waits for the migrations, on a shared machine

  it("makes none above the threshold, none when auto-recharge is off", async () => {
    const above = await withAutoRecharge(50_000_000n);
    await spendConcurrently(above.workspaceId, above.projectId, 20);
    expect(await pendingRecharges(above.workspaceId)).toBe(0);
    const off = await withAutoRecharge(5_000_100n, false);
    await spendConcurrently(off.workspaceId, off.projectId, 20);
    expect(await pendingRecharges(off.workspaceId)).toBe(0);
  });
});

describe("a refund of credits already spent", () => {
  it("takes the balance below zero, once, and the ledger still sums to it", async () => {
    const { workspaceId, projectId } = await newWorkspace(0n);
    const payment = await db().payment.create({
      data: { id: newId("pay"), workspaceId, kind: "top_up", status: "succeeded", credits: 3_000_000n, amount: 300, currency: "usd", paymentIntentId: `pi_${newId("pay")}` },
    });
    // The top-up's credits (as the provider's event adds them), then most of them spent.
    const { addCredits } = await import("../ledger");
    await addCredits(workspaceId, 3_000_000n, { kind: "top_up" });
    await settle(await reserve(workspaceId, 2_500_000n, 60, null), 2_500_000n, usageFor(projectId));
    const refund = { kind: "refund" as const, providerRef: null, amount: 300, chargeAmount: 300 };
    expect(await db().$transaction((tx) => reversePayment(tx, payment, refund))).toBe(3_000_000n);
    expect(await db().$transaction((tx) => reversePayment(tx, payment, refund))).toBe(0n);
    expect(await books(workspaceId)).toEqual({ balance: -2_500_000n, reserved: 0n, ledger: -2_500_000n });
    await expect(reserve(workspaceId, 1n, 60, null)).rejects.toMatchObject({ code: "insufficient_credits" });
  });
});
