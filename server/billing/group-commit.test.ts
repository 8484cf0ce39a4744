// Group commit on the real database: statements of one workspace arriving together are committed
// together (on PostgreSQL; embedded, one by one), each caller gets its own outcome (a statement that
// fails takes no other down), and the books stay whole.
import { beforeAll, describe, expect, it } from "vitest";
import { embedded } from "../env";
import { migrate } from "../migrations";
import { metrics } from "../metrics";
import { books, newWorkspace } from "../../test/kits/workspaces";
import { creditGroup, groupQuery } from "./group-commit";
import { reserve, settle } from "./reservations";

beforeAll(() => migrate());

/** Statements committed so far, and in how many commits. */
async function commits(): Promise<{ statements: number; commits: number }> {
  const histogram = (await metrics().creditCommits.get()).values;
  const sum = histogram.find((value) => value.metricName?.endsWith("_sum"))?.value ?? 0;
  const count = histogram.find((value) => value.metricName?.endsWith("_count"))?.value ?? 0;
  return { statements: sum, commits: count };
}

const usage = (projectId: string) => ({ projectId, engine: "scholar", inputTokens: 1, outputTokens: 1, resource: "gen_group", description: "group" });

describe("group commit", () => {
  it("commits what arrives together in fewer commits than statements (PostgreSQL), and the books stay whole", async () => {
    const { workspaceId, projectId } = await newWorkspace(1_000_000n);
    const before = await commits();
    const held = await Promise.all(Array.from({ length: 40 }, () => reserve(workspaceId, 10_000n, 60)));
    await Promise.all(held.map((reservation) => settle(reservation, 7_000n, usage(projectId))));
    const after = await commits();
    if (!embedded) {
      expect(after.statements - before.statements).toBe(80);
      expect(after.commits - before.commits).toBeLessThan(80);
    }
    expect(await books(workspaceId)).toEqual({ balance: 1_000_000n - 40n * 7_000n, reserved: 0n, ledger: 1_000_000n - 40n * 7_000n });
  });

  it("a statement that fails in a batch fails alone: the others are committed", async () => {
    const { workspaceId } = await newWorkspace(1_000_000n);
    const group = creditGroup(workspaceId, null);
    const outcomes = await Promise.allSettled([
      reserve(workspaceId, 10_000n, 60),
      groupQuery(group, "group_commit_test_fails", { text: "SELECT 1 / 0 AS never", values: [] }),
      reserve(workspaceId, 10_000n, 60),
      reserve(workspaceId, 10_000n, 60),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    expect(await books(workspaceId)).toMatchObject({ balance: 1_000_000n, reserved: 30_000n });
  });
});
