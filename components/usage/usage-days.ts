// The usage answer (billing.usage, as GET /api/public/v1/usage) folded by UTC day for the charts:
// every day of the range is present, a day without usage at zero. Credits are added up in
// micro-credits, so 0.000159 + 0.000159 is 0.000318 and not 0.00031800000000000003.
import type { inferRouterOutputs } from "@trpc/server";
import { productIds } from "@/server/vocab/products";
import { creditsOf, microOf } from "@/server/vocab/credit-units";
import type { AppRouter } from "@/server/trpc/root";

export type Usage = inferRouterOutputs<AppRouter>["billing"]["usage"];
export type UsageRow = Usage["data"][number];

/** The engines usage is metered by: the five products, and compute for instance hours. */
export const usageEngines = [...productIds, "compute"] as const;
export type UsageEngine = (typeof usageEngines)[number];

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today (UTC) and the 29 days before it: the API's default range. */
export function lastThirtyDays(now = Date.now()): { start: string; end: string } {
  return { start: utcDay(now - 29 * DAY_MS), end: utcDay(now) };
}

/** Every UTC day from start to end, inclusive. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${start}T00:00:00Z`); time <= Date.parse(`${end}T00:00:00Z`); time += DAY_MS) days.push(utcDay(time));
  return days;
}

/** Credits spent per day, all engines together. */
export function creditsByDay(usage: Usage): { day: string; credits: number }[] {
  const byDay = new Map<string, number>();
  for (const row of usage.data) byDay.set(row.day, (byDay.get(row.day) ?? 0) + microOf(row.credits));
  return daysOf(usage.start, usage.end).map((day) => ({ day, credits: creditsOf(byDay.get(day) ?? 0) }));
}

/** Credits per day and engine, one member per engine that has any usage in the range. */
export function creditsByDayAndEngine(usage: Usage): { engines: UsageEngine[]; days: ({ day: string } & Record<string, number>)[] } {
  const byDay = new Map<string, Map<string, number>>();
  for (const row of usage.data) {
    const engines = byDay.get(row.day) ?? new Map<string, number>();
    engines.set(row.engine, (engines.get(row.engine) ?? 0) + microOf(row.credits));
    byDay.set(row.day, engines);
  }
  const engines = usageEngines.filter((engine) => usage.data.some((row) => row.engine === engine));
  const days = daysOf(usage.start, usage.end).map((day) => {
    const point: { day: string } & Record<string, number> = { day } as { day: string } & Record<string, number>;
    for (const engine of engines) point[engine] = creditsOf(byDay.get(day)?.get(engine) ?? 0);
    return point;
  });
  return { engines, days };
}
