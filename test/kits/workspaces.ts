// Test fixtures on the real database: a workspace with a project and a given balance.
import { addCredits } from "../../server/billing/ledger";
import { db } from "../../server/db";
import { embedded } from "../../server/env";
import { newId } from "../../server/ids";
import { migrate } from "../../server/migrations";

let migrated: Promise<unknown> | undefined;

/**
 * How many pairs past the ones that must succeed a stress test runs on the embedded database: its
 * one connection takes every statement in turn, so the pairs contend the same way from the first
 * refusals on and hundreds more only add time. PostgreSQL, whose pool runs them at once, gets them all.
 */
export const EMBEDDED_PAIRS_PAST_THE_LIMIT = 60;

/** A stress test's number of concurrent pairs: `full` on PostgreSQL; on the embedded database enough to run past `succeed` by EMBEDDED_PAIRS_PAST_THE_LIMIT. */
export function concurrentPairs(full: number, succeed: number): number {
  return embedded ? Math.min(full, succeed + EMBEDDED_PAIRS_PAST_THE_LIMIT) : full;
}

export async function newWorkspace(micro: bigint, options: { threshold?: bigint } = {}) {
  migrated ??= migrate();
  await migrated;
  const workspaceId = newId("wsp");
  const projectId = newId("prj");
  await db().workspace.create({ data: { id: workspaceId, name: "test", lowBalanceThreshold: options.threshold ?? 0n } });
  await db().project.create({ data: { id: projectId, workspaceId, name: "test" } });
  if (micro > 0n) await addCredits(workspaceId, micro);
  return { workspaceId, projectId };
}

/** A key of the workspace's project with its own monthly credit limit (null: none); its id. */
export async function keyWithLimit(workspaceId: string, projectId: string, limit: bigint | null) {
  const id = newId("key");
  await db().apiKey.create({
    data: { id, workspaceId, projectId, name: "t", scope: "read_write", prefix: id.slice(-8), last4: "abcd", hash: id, monthlyCreditLimit: limit },
  });
  return id;
}

/** Balance, reserved and the sum of the ledger, to check Σ entries = balance. */
export async function books(workspaceId: string) {
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId } });
  const sum = await db().ledgerEntry.aggregate({ where: { workspaceId }, _sum: { amount: true } });
  return { balance: workspace.balance, reserved: workspace.reserved, ledger: sum._sum.amount ?? 0n };
}
