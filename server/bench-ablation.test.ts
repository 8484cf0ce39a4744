// The bench's ablation switches: off unless set, refused at start-up without ALLOW_BENCH_ABLATION
// (or with a step that does not exist), honoured with it; the settlement's rows left out as asked.
import { spawnSync } from "node:child_process";
import { Prisma } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { ABLATABLE_STEPS } from "./env";
import { ablated } from "./bench-ablation";
import { usageRows } from "./billing/sql-pieces";

/** A fresh process that loads the settings with `env` and prints what is switched off. */
function startWith(env: Record<string, string>) {
  const script = "import('./server/bench-ablation.ts').then(({ ablated }) => console.log(JSON.stringify(" + JSON.stringify(ABLATABLE_STEPS) + ".filter(ablated))))";
  return spawnSync(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only.mjs", "-e", script], { env: { ...process.env, ...env }, encoding: "utf8" });
}

describe("the bench's ablation", () => {
  it("switches nothing off unless asked", () => {
    expect(ABLATABLE_STEPS.filter(ablated)).toEqual([]);
  });

  it("is refused at start-up without ALLOW_BENCH_ABLATION, and for a step that does not exist", () => {
    const alone = startWith({ BENCH_ABLATE: "settlement" });
    expect(alone.status).not.toBe(0);
    expect(alone.stderr).toContain("BENCH_ABLATE: switches off what a generation guarantees, for the bench only: it needs ALLOW_BENCH_ABLATION=true");
    const unknown = startWith({ BENCH_ABLATE: "settlement,everything", ALLOW_BENCH_ABLATION: "true" });
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain("BENCH_ABLATE.1");
  });

  it("switches off the steps named when allowed", () => {
    const run = startWith({ BENCH_ABLATE: "rate_limits, usage_rollup", ALLOW_BENCH_ABLATION: "true" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split("\n").at(-1)!)).toEqual(["rate_limits", "usage_rollup"]);
  });

  it("leaves the usage record or its daily rollup out of the settlement when asked, and both in by default", () => {
    const usage = { projectId: "prj_1", keyId: null, engine: "scholar", inputTokens: 1, outputTokens: 2 };
    const sql = (parts?: { record: boolean; rollup: boolean }) => usageRows(usage, Prisma.sql`1`, parts).sql;
    expect(sql()).toContain("INSERT INTO usage_records");
    expect(sql()).toContain("INSERT INTO usage_daily");
    expect(sql({ record: true, rollup: false })).not.toContain("usage_daily");
    expect(sql({ record: false, rollup: true })).not.toContain("usage_records");
    expect(sql({ record: false, rollup: false })).not.toMatch(/INSERT/);
  });
});
