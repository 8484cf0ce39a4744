// `billing.charged`, once a day per workspace: what each closed UTC day cost, by project and
// engine (the daily usage rollup). Every replica may run it; the event's dedupe key makes each
// (workspace, day) written once. The last 7 closed days are looked at, so a day that closed while
// no server ran is still reported.
import "server-only";
import { db } from "../db";
import { newId } from "../ids";
import { outboxWritten } from "../events/outbox";
import { toCredits } from "./credits";
import { utcDay } from "./sql-pieces";

const DAYS_LOOKED_BACK = 7;
/** How often each server process looks for closed days. */
export const DAILY_CHARGES_CHECK_SECONDS = 600;

type Row = { workspace_id: string; day: Date; project_id: string; engine: string; requests: bigint; input_tokens: bigint; output_tokens: bigint; credits: bigint };

/** Writes the missing `billing.charged` events; returns how many were new. */
export async function writeDailyCharges(now = new Date()): Promise<number> {
  const today = utcDay(now);
  const rows = await db().$queryRaw<Row[]>`
    SELECT u.workspace_id, u.day, u.project_id, u.engine, u.requests, u.input_tokens, u.output_tokens, u.credits
    FROM usage_daily u
    WHERE u.day < ${today}::date AND u.day >= ${today}::date - ${DAYS_LOOKED_BACK}::int AND u.requests > 0
      AND NOT EXISTS (SELECT 1 FROM outbox_events e WHERE e.dedupe_key = 'billing.charged:' || u.workspace_id || ':' || to_char(u.day, 'YYYY-MM-DD'))
    ORDER BY u.workspace_id, u.day, u.project_id, u.engine`;
  const days = new Map<string, Row[]>();
  for (const row of rows) {
    const key = `billing.charged:${row.workspace_id}:${utcDay(row.day)}`;
    days.set(key, [...(days.get(key) ?? []), row]);
  }
  const events = [...days].map(([dedupeKey, lines]) => ({
    id: newId("evt"),
    workspaceId: lines[0].workspace_id,
    type: "billing.charged",
    subject: lines[0].workspace_id,
    dedupeKey,
    data: {
      day: utcDay(lines[0].day),
      credits: toCredits(lines.reduce((sum, line) => sum + line.credits, 0n)),
      usage: lines.map((line) => ({
        project_id: line.project_id,
        engine: line.engine,
        requests: Number(line.requests),
        input_tokens: Number(line.input_tokens),
        output_tokens: Number(line.output_tokens),
        credits: toCredits(line.credits),
      })),
    },
  }));
  if (events.length === 0) return 0;
  const { count } = await db().outboxEvent.createMany({ data: events, skipDuplicates: true });
  if (count > 0) outboxWritten.emit("written");
  return count;
}
