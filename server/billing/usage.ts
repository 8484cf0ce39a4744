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

export type UsageFilter = { start: string; end: string; projectId?: string; engine?: string; groupBy?: "key" };

type UsageLine = { day: Date; engine: string; projectId: string; keyId?: string | null; requests: bigint; inputTokens: bigint; cachedInputTokens: bigint; outputTokens: bigint; credits: bigint };

/** The usage records summed by day, engine, project and key (the daily rollup has no key). */
async function byKey(where: { workspaceId: string }): Promise<UsageLine[]> {
  const groups = await db().usageRecord.groupBy({
    by: ["day", "engine", "projectId", "keyId"],
    where,
    _sum: { requests: true, inputTokens: true, cachedInputTokens: true, outputTokens: true, credits: true },
    orderBy: [{ day: "asc" }, { engine: "asc" }, { projectId: "asc" }, { keyId: "asc" }],
  });
  return groups.map((group) => ({
    day: group.day,
    engine: group.engine,
    projectId: group.projectId,
    keyId: group.keyId,
    requests: BigInt(group._sum.requests ?? 0),
    inputTokens: group._sum.inputTokens ?? 0n,
    cachedInputTokens: group._sum.cachedInputTokens ?? 0n,
    outputTokens: group._sum.outputTokens ?? 0n,
    credits: group._sum.credits ?? 0n,
  }));
}

/** The names of the keys of `lines`, revoked ones too. */
async function keyNames(workspaceId: string, lines: UsageLine[]): Promise<Map<string, string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.keyId ? [line.keyId] : [])))];
  const keys = ids.length ? await db().apiKey.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true, name: true } }) : [];
  return new Map(keys.map((key) => [key.id, key.name]));
}

export async function usageOf(workspaceId: string, filter: UsageFilter) {
  const where = {
    workspaceId,
    day: { gte: new Date(`${filter.start}T00:00:00Z`), lte: new Date(`${filter.end}T00:00:00Z`) },
    ...(filter.projectId ? { projectId: filter.projectId } : {}),
    ...(filter.engine ? { engine: filter.engine } : {}),
  };
  const rows: UsageLine[] =
    filter.groupBy === "key" ? await byKey(where) : await db().usageDaily.findMany({ where, orderBy: [{ day: "asc" }, { engine: "asc" }, { projectId: "asc" }] });
  const names = filter.groupBy === "key" ? await keyNames(workspaceId, rows) : undefined;
  const totals = { requests: 0n, input_tokens: 0n, cached_input_tokens: 0n, output_tokens: 0n, credits: 0n };
  const data = rows.map((row) => {
    totals.requests += row.requests;
    totals.input_tokens += row.inputTokens;
    totals.cached_input_tokens += row.cachedInputTokens;
    totals.output_tokens += row.outputTokens;
    totals.credits += row.credits;
    return {
      day: utcDay(row.day),
      engine: row.engine,
      project_id: row.projectId,
      ...(names ? { key_id: row.keyId ?? null, key_name: (row.keyId && names.get(row.keyId)) || null } : {}),
      requests: Number(row.requests),
      input_tokens: Number(row.inputTokens),
      cached_input_tokens: Number(row.cachedInputTokens),
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
      cached_input_tokens: Number(totals.cached_input_tokens),
      output_tokens: Number(totals.output_tokens),
      credits: toCredits(totals.credits),
    },
  };
}
