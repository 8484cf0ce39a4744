// The end of `npm test`'s output: the slowest unit files and end-to-end spec files, read from the
// JSON reports the run wrote, and the wall time of each half, so that the next slow file is seen
// the day it lands.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

export const SLOWEST_SHOWN = 15;

type Timed = { name: string; ms: number; tests: number };

/** The unit files by their wall time (vitest's JSON report: each file's start and end). */
export function unitFileTimes(file: string): Timed[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8")) as { testResults?: { name: string; startTime: number; endTime: number; assertionResults?: unknown[] }[] };
  return (report.testResults ?? []).map((result) => ({
    name: relative(process.cwd(), result.name),
    ms: result.endTime - result.startTime,
    tests: result.assertionResults?.length ?? 0,
  }));
}

type PlaywrightSuite = { file?: string; specs?: { file?: string; tests?: { projectName?: string; results?: { duration?: number }[] }[] }[]; suites?: PlaywrightSuite[] };

/** The end-to-end spec files by the time their tests took, summed (Playwright's JSON report), per project. */
export function specFileTimes(file: string): Timed[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites?: PlaywrightSuite[] };
  const byFile = new Map<string, Timed>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file ?? suite.file ?? "?"}${test.projectName ? ` [${test.projectName}]` : ""}`;
        const entry = byFile.get(name) ?? { name, ms: 0, tests: 0 };
        entry.ms += (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        entry.tests += 1;
        byFile.set(name, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return [...byFile.values()];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The `SLOWEST_SHOWN` slowest of `times`, one line each, under `title`. */
export function slowest(title: string, times: Timed[]): string {
  if (times.length === 0) return "";
  const lines = [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, SLOWEST_SHOWN)
    .map((entry) => `  ${seconds(entry.ms).padStart(8)}  ${entry.name} (${entry.tests} test${entry.tests === 1 ? "" : "s"})`);
  return `\n${title}\n${lines.join("\n")}`;
}

/** One line per half that ran: its wall time. */
export function wallTimes(halves: { name: string; ms: number }[]): string {
  return halves.length ? `\nWall time: ${halves.map((half) => `${half.name} ${seconds(half.ms)}`).join(", ")}` : "";
}
