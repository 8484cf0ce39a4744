// The usage table as a CSV file, built and downloaded in the browser. Numbers are written as the
// API's JSON writes them (credits with up to 6 decimals), one line per day, engine and project.
import type { Usage } from "./usage-days";

export const USAGE_CSV_HEADER = "day,engine,project_id,requests,input_tokens,output_tokens,credits";

export function usageCsv(usage: Usage): string {
  const lines = usage.data.map((row) =>
    [row.day, row.engine, row.project_id, row.requests, row.input_tokens, row.output_tokens, row.credits].map(String).join(","),
  );
  return [USAGE_CSV_HEADER, ...lines].join("\n") + "\n";
}

export function downloadUsageCsv(usage: Usage): void {
  const url = URL.createObjectURL(new Blob([usageCsv(usage)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `usage-${usage.start}-to-${usage.end}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the object URL by now; free it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
