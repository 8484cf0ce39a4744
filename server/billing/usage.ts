// Usage: one record per charge plus a daily rollup (day UTC × project × engine) written with the
// charge (sql-pieces.ts), so usage queries read at most 366 × projects × engines rows.
import "server-only";
import { Prisma } from "@prisma/client";
import { db, type Tx } from "../db";
import { toCredits } from "./credits";
import { usageRows, utcDay, type UsageInput } from "./sql-pieces";

/** Writes usage rows of `credits` µcr without a balance movement (a charge writes them with its entry: charges.ts). */
export async function recordUsage(tx: Tx, workspaceId: string, usage: UsageInput & { credits: bigint }): Promise<void> {
  await tx.$executeRaw`
    WITH moved AS (SELECT ${workspaceId}::text AS id),
    ${usageRows(usage, Prisma.sql`${usage.credits}::bigint`)}
    SELECT 1`;
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
