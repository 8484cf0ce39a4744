// `npm test`: unit and database tests (vitest), then a build if the sources changed, then the
// end-to-end suites (Playwright: REST API and console in Chromium) against a real server.
// Ends with the slowest files of each half and each half's wall time, then one line
// `N passed, N failed, N skipped` over everything; exits non-zero on failure.
// TESTS_BACK_END_ONLY=1 runs only what depends on the back end (the database and Redis): the unit
// files that reach them and the API specs. CI sets it for its PostgreSQL + Redis run, the pure unit
// files and the console specs having run on the embedded one.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfChanged } from "./build";
import { ensureChromium } from "./chromium";
import { slowest, specFileTimes, unitFileTimes, wallTimes } from "./test-report";

type Counts = { passed: number; failed: number; skipped: number };
const RESULTS = "test-results";

function run(command: string, args: string[]): number {
  return spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } }).status ?? 1;
}

function vitestCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8"));
  return { passed: report.numPassedTests, failed: report.numFailedTests + (report.success ? 0 : report.numFailedTestSuites), skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats, errors } = JSON.parse(readFileSync(file, "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (errors?.length ?? 0), skipped: stats.skipped };
}

rmSync(RESULTS, { recursive: true, force: true });
// One temporary folder for the whole run, and TMPDIR for everything it starts (test files, servers,
// the browser, the CLIs): removed at the end, so that nothing a run makes stays in the system's.
const runTemporary = mkdtempSync(join(tmpdir(), "switchyard-test-"));
process.env.TMPDIR = runTemporary;
const removeRunTemporary = () => rmSync(runTemporary, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const only = process.argv[2]; // "unit" or "e2e" to run one half
const playwrightArgs = process.argv.slice(3);
const backEndOnly = process.env.TESTS_BACK_END_ONLY === "1";

// The console specs need a Chromium: found or installed now, or a stop before any test with the
// command that installs one (not a run of red console tests). Only API specs named: none needed.
const specs = playwrightArgs.filter((arg) => !arg.startsWith("-"));
if (only !== "unit" && !backEndOnly && (specs.length === 0 || specs.some((spec) => spec.includes("console")))) {
  const browser = ensureChromium();
  if ("error" in browser) {
    console.error(`\n${browser.error}`);
    console.log("\n0 passed, 1 failed, 0 skipped");
    removeRunTemporary();
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = browser.path;
}

const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const add = (c: Counts) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
};

const halves: { name: string; ms: number }[] = [];
/** Runs one half and keeps its wall time. */
function timed(name: string, half: () => void): void {
  const started = Date.now();
  try {
    half();
  } finally {
    halves.push({ name, ms: Date.now() - started });
  }
}

if (only !== "e2e") {
  // The back-end project alone (scripts/test-groups.ts) when the pure files ran elsewhere.
  const projects = backEndOnly ? ["--project=back-end"] : [];
  timed("unit", () => run("npx", ["vitest", "run", ...projects, "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/unit.json`]));
  add(vitestCounts(`${RESULTS}/unit.json`));
}
if (only !== "unit") {
  try {
    timed("build", () => buildIfChanged());
    timed("e2e", () => run("npx", ["playwright", "test", ...playwrightArgs]));
    add(playwrightCounts(`${RESULTS}/e2e.json`));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    totals.failed += 1;
  }
}

const report = [
  slowest("Slowest unit files:", unitFileTimes(`${RESULTS}/unit.json`)),
  slowest("Slowest end-to-end spec files (their tests' time, summed):", specFileTimes(`${RESULTS}/e2e.json`)),
  wallTimes(halves),
].filter(Boolean);
if (report.length) console.log(report.join("\n"));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
removeRunTemporary();
process.exit(totals.failed > 0 ? 1 : 0);
