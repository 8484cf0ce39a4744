import { describe, expect, test } from "vitest";
import { creditsByDay, creditsByDayAndEngine, daysOf, lastThirtyDays, type Usage } from "./usage-days";

const row = (day: string, engine: string, credits: number) => ({ day, engine, project_id: "prj_1", requests: 1, input_tokens: 10, cached_input_tokens: 0, output_tokens: 20, credits });
const usage = (data: ReturnType<typeof row>[]): Usage => ({
  object: "usage",
  start: "2026-02-27",
  end: "2026-03-02",
  data,
  totals: { requests: data.length, input_tokens: 10 * data.length, cached_input_tokens: 0, output_tokens: 20 * data.length, credits: 0 },
});

describe("usage by day", () => {
  test("every UTC day of a range, across a month's end", () => {
    expect(daysOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(daysOf("2026-03-02", "2026-03-02")).toEqual(["2026-03-02"]);
  });

  test("the default range is today and the 29 days before, in UTC", () => {
    expect(lastThirtyDays(Date.parse("2026-03-01T23:30:00-05:00"))).toEqual({ start: "2026-02-01", end: "2026-03-02" });
    expect(daysOf(...(Object.values(lastThirtyDays()) as [string, string]))).toHaveLength(30);
  });

  test("days without usage are zero, and credits add up to the micro-credit", () => {
    const spend = creditsByDay(usage([row("2026-02-28", "scholar", 0.000159), row("2026-02-28", "fire", 0.000159), row("2026-03-02", "fire", 1)]));
    expect(spend).toEqual([
      { day: "2026-02-27", credits: 0 },
      { day: "2026-02-28", credits: 0.000318 },
      { day: "2026-03-01", credits: 0 },
      { day: "2026-03-02", credits: 1 },
    ]);
  });

  test("by engine: only engines with usage, in the products' order, zero on other days", () => {
    const { engines, days } = creditsByDayAndEngine(usage([row("2026-02-28", "scholar", 0.5), row("2026-02-28", "fire", 0.25), row("2026-03-01", "compute", 2)]));
    expect(engines).toEqual(["fire", "scholar", "compute"]);
    expect(days).toHaveLength(4);
    expect(days[0]).toEqual({ day: "2026-02-27", fire: 0, scholar: 0, compute: 0 });
    expect(days[1]).toEqual({ day: "2026-02-28", fire: 0.25, scholar: 0.5, compute: 0 });
    expect(days[2]).toEqual({ day: "2026-03-01", fire: 0, scholar: 0, compute: 2 });
  });

});
