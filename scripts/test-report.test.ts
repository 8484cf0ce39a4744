// The end of `npm test`: the slowest files of each half, read from the JSON reports vitest and
// Playwright write, slowest first and at most SLOWEST_SHOWN of them, and each half's wall time.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SLOWEST_SHOWN, slowest, specFileTimes, unitFileTimes, wallTimes } from "./test-report";

const folder = mkdtempSync(join(tmpdir(), "test-report-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const written = (name: string, report: unknown) => {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

describe("the slowest files", () => {
  it("unit files by their wall time, from vitest's report, slowest first, at most SLOWEST_SHOWN", () => {
    const testResults = Array.from({ length: SLOWEST_SHOWN + 5 }, (_, i) => ({
      name: join(process.cwd(), `server/f${i}.test.ts`),
      startTime: 1_000,
      endTime: 1_000 + i * 1_000,
      assertionResults: [{}, {}],
    }));
    const times = unitFileTimes(written("unit.json", { testResults }));
    expect(times.find((t) => t.name === "server/f3.test.ts")).toEqual({ name: "server/f3.test.ts", ms: 3_000, tests: 2 });
    const lines = slowest("Slowest unit files:", times).trim().split("\n");
    expect(lines[0]).toBe("Slowest unit files:");
    expect(lines).toHaveLength(SLOWEST_SHOWN + 1);
    expect(lines[1]).toContain(`server/f${SLOWEST_SHOWN + 4}.test.ts`);
    expect(lines[1]).toContain(`${SLOWEST_SHOWN + 4}.0 s`);
    expect(lines.at(-1)).toContain("server/f5.test.ts");
  });

  it("spec files by their tests' time summed per file and project, nested describes included, retries counted", () => {
    const test = (projectName: string, ...durations: number[]) => ({ projectName, results: durations.map((duration) => ({ duration })) });
    const report = {
      suites: [
        { file: "keys.spec.ts", specs: [{ file: "keys.spec.ts", tests: [test("api", 1_000)] }], suites: [{ specs: [{ file: "keys.spec.ts", tests: [test("api", 500, 700)] }] }] },
        { file: "sign-in.spec.ts", specs: [{ file: "sign-in.spec.ts", tests: [test("console", 4_000)] }] },
      ],
    };
    const times = specFileTimes(written("e2e.json", report));
    expect(times).toEqual([
      { name: "keys.spec.ts [api]", ms: 2_200, tests: 2 },
      { name: "sign-in.spec.ts [console]", ms: 4_000, tests: 1 },
    ]);
    expect(slowest("Slowest:", times).trim().split("\n")[1]).toContain("sign-in.spec.ts [console] (1 test)");
  });

  it("says nothing of a half that wrote no report", () => {
    expect(slowest("Slowest unit files:", unitFileTimes(join(folder, "absent.json")))).toBe("");
    expect(wallTimes([])).toBe("");
    expect(wallTimes([{ name: "unit", ms: 61_500 }, { name: "e2e", ms: 900_000 }])).toBe("\nWall time: unit 61.5 s, e2e 900.0 s");
  });
});
