import { expect, test } from "vitest";
import { usageCsv } from "./usage-csv";
import type { Usage } from "./usage-days";

const row = (day: string, engine: string, credits: number) => ({ day, engine, project_id: "prj_1", requests: 1, input_tokens: 10, cached_input_tokens: 0, output_tokens: 20, credits });

test("the CSV file has the API's columns and numbers, one line per row", () => {
  expect(usageCsv(usage([row("2026-02-28", "scholar", 0.000159), row("2026-03-01", "compute", 12.5)]))).toBe(
    "day,engine,project_id,requests,input_tokens,output_tokens,credits\n" +
      "2026-02-28,scholar,prj_1,1,10,20,0.000159\n" +
      "2026-03-01,compute,prj_1,1,10,20,12.5\n",
  );
});

function usage(data: ReturnType<typeof row>[]): Usage {
  return { object: "usage", start: "2026-02-28", end: "2026-03-01", data, totals: { requests: 0, input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, credits: 0 } };
}
