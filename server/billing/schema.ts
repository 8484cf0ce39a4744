// Query shapes of the usage and billing routes.
import { z } from "zod";
import { productIds } from "../ai/products";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Date.parse gives NaN for month 13 or day 32 (toISOString would then throw: a 500, not a 400)
// and rolls 02-30 over to 03-02; both are refused. Days before 1970 are refused too: PostgreSQL
// has no year 0, so such a day could reach the database as an out-of-range date (a 500).
const realDay = (value: string) => {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return time >= 0 && new Date(time).toISOString().startsWith(value);
};
const day = z.string().refine(realDay, "must be a UTC day YYYY-MM-DD, 1970-01-01 or later");
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const usageQuery = z
  .strictObject({
    start: day.optional(),
    end: day.optional(),
    project_id: z.string().min(1).max(100).optional(),
    engine: z.enum([...productIds, "compute"], { message: `must be one of ${[...productIds, "compute"].join(", ")}` }).optional(),
  })
  .transform((query, ctx) => {
    const end = query.end ?? new Date().toISOString().slice(0, 10);
    const start = query.start ?? new Date(Date.parse(`${end}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
    // An end in January 1970 alone would default start to a day before 1970.
    if (!realDay(start)) ctx.addIssue({ code: "custom", path: ["end"], message: "must leave room for the 29 days before it, or give start" });
    else if (days < 1) ctx.addIssue({ code: "custom", path: ["start"], message: "must not be after end" });
    else if (days > MAX_DAYS) ctx.addIssue({ code: "custom", path: ["end"], message: `the range may cover at most ${MAX_DAYS} days` });
    return { start, end, projectId: query.project_id, engine: query.engine };
  });
export type UsageQuery = z.infer<typeof usageQuery>;
