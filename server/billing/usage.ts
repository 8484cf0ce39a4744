// Usage: one record per charge plus a daily rollup (day UTC × project × engine) updated in the
// charge's transaction, so usage queries read at most 366 × projects × engines rows.
import type { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { newId } from "../ids";
import { toCredits } from "./credits";

export type UsageInput = {
  projectId: string;
  keyId?: string | null;
  /** Product id for AI charges, `compute` for instance hours. */
  engine: string;
  inputTokens: number;
  outputTokens: number;
  metadata?: Record<string, string>;
  /** When the usage happened; defaults to now. Its UTC date is the usage day. */
  at?: Date;
};

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export async function recordUsage(tx: Tx, workspaceId: string, usage: UsageInput & { credits: bigint }): Promise<void> {
  const day = utcDay(usage.at ?? new Date());
  await tx.usageRecord.create({
    data: {
      id: newId("use"),
      workspaceId,
      projectId: usage.projectId,
      keyId: usage.keyId ?? null,
      engine: usage.engine,
      day: new Date(`${day}T00:00:00Z`),
      inputTokens: BigInt(usage.inputTokens),
      outputTokens: BigInt(usage.outputTokens),
      credits: usage.credits,
      metadata: (usage.metadata ?? undefined) as Prisma.InputJsonObject | undefined,
    },
  });
  await tx.$executeRaw`
    INSERT INTO usage_daily (workspace_id, project_id, engine, day, requests, input_tokens, output_tokens, credits)
    VALUES (${workspaceId}, ${usage.projectId}, ${usage.engine}, ${day}::date, 1, ${BigInt(usage.inputTokens)}, ${BigInt(usage.outputTokens)}, ${usage.credits})
    ON CONFLICT (workspace_id, day, project_id, engine) DO UPDATE SET
      requests = usage_daily.requests + 1,
      input_tokens = usage_daily.input_tokens + EXCLUDED.input_tokens,
      output_tokens = usage_daily.output_tokens + EXCLUDED.output_tokens,
      credits = usage_daily.credits + EXCLUDED.credits`;
}

export type UsageFilter = { start: string; end: string; projectId?: string; engine?: string };

export async function usageOf(workspaceId: string, filter: UsageFilter) {
  const rows = await db().usageDaily.findMany({
    where: {
      workspaceId,
      day: { gte: new Date(`${filter.start}T00:00:00Z`), lte: new Date(`${filter.end}T00:00:00Z`) },
      ...(filter.projectId ? { projectId: filter.projectId } : {}),
      ...(filter.engine ? { engine: filter.engine } : {}),
    },
    orderBy: [{ day: "asc" }, { engine: "asc" }, { projectId: "asc" }],
  });
  const totals = { requests: 0n, input_tokens: 0n, output_tokens: 0n, credits: 0n };
  const data = rows.map((row) => {
    totals.requests += row.requests;
    totals.input_tokens += row.inputTokens;
    totals.output_tokens += row.outputTokens;
    totals.credits += row.credits;
    return {
      day: utcDay(row.day),
      engine: row.engine,
      project_id: row.projectId,
      requests: Number(row.requests),
      input_tokens: Number(row.inputTokens),
      output_tokens: Number(row.outputTokens),
      credits: toCredits(row.credits),
    };
  });
  return {
    object: "usage" as const,
    start: filter.start,
    end: filter.end,
    data,
    totals: {
      requests: Number(totals.requests),
      input_tokens: Number(totals.input_tokens),
      output_tokens: Number(totals.output_tokens),
      credits: toCredits(totals.credits),
    },
  };
}
