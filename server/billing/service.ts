// What a workspace sees of its money: balance and tier, the ledger, and usage.
import "server-only";
import { ledgerWhere, type TransactionQuery } from "./ledger-query";
import { quoted } from "@/server/vocab/quoted";
import { db } from "../db";
import { AppError } from "../errors";
import { pageArgs, toPage, type ListInput } from "../wire/page";
import { toCredits } from "./credits";
import { tierOf } from "./tiers";
import type { UsageQuery } from "./schema";
import { usageOf } from "./usage";

export async function billingSummary(workspaceId: string) {
  const workspace = await db().workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw new AppError("not_found", `No workspace ${quoted(workspaceId)}.`);
  const tier = tierOf(workspace.tier);
  return {
    balance: toCredits(workspace.balance),
    reserved: toCredits(workspace.reserved),
    tier: tier.id,
    discount: tier.discount,
  };
}

/**
 * The ledger, newest first, filtered as the query asks (ledger-query.ts). The console's (an admin's)
 * is the whole workspace's; a key's (`projectId`) only its own project's movements and the
 * workspace's own (top-ups, grants): a key a developer made must not read other projects' charges
 * (as audit events already are per project).
 */
export async function listTransactions(workspaceId: string, page: ListInput & Partial<TransactionQuery>, projectId?: string) {
  const { cursorWhere, ...args } = pageArgs(page);
  const ofProject = projectId ? { OR: [{ projectId }, { projectId: null }] } : {};
  const rows = await db().ledgerEntry.findMany({ where: { workspaceId, ...ofProject, ...ledgerWhere(page), ...cursorWhere }, ...args });
  const { shown, next_cursor } = toPage(rows, page.limit);
  return {
    transactions: shown.map((row) => ({
      id: row.id,
      type: row.kind,
      amount: toCredits(row.amount),
      balance_after: toCredits(row.balanceAfter),
      description: row.description,
      resource: row.resource,
      project_id: row.projectId,
      created_at: row.createdAt.toISOString(),
    })),
    next_cursor,
  };
}

/** Usage of the whole workspace; a project filter must name one of its projects. */
export async function workspaceUsage(workspaceId: string, query: UsageQuery) {
  if (query.projectId) {
    const project = await db().project.findFirst({ where: { id: query.projectId, workspaceId }, select: { id: true } });
    if (!project) throw new AppError("not_found", `No project ${quoted(query.projectId)} in this workspace.`, { param: "project_id" });
  }
  return usageOf(workspaceId, query);
}
