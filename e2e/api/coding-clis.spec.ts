// The two coding agents, unchanged: Claude Code (`claude -p`, on the Anthropic door) and Codex CLI
// (`codex exec`, on the Responses door), installed at pinned versions on demand, each given a task
// that needs one tool call, against a server of this spec's own whose engines are the built-in
// sandbox. Each finishes (the sandbox calls the tool once, then answers with its result in text:
// the agent's loop ends), and what it spent is billed in the workspace's usage.
import { expect, test } from "@playwright/test";
import { claudePrint, codexExec, installClis } from "../fixtures/coding-clis";
import { sandboxServer, type SandboxServer } from "../fixtures/sandbox-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 83;

type Usage = { requests: number; input_tokens: number; output_tokens: number; credits: number };

test.describe.configure({ mode: "serial" });

let sandbox: SandboxServer;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  const installed = installClis();
  test.skip(!installed.ok, installed.ok ? "" : installed.reason);
  sandbox = await sandboxServer("coding-clis", PORT);
});

test.afterAll(async () => {
  await sandbox?.stop();
});

async function usageTotals(): Promise<Usage> {
  const res = await fetch(`${sandbox.server.base}/api/public/v1/usage`, { headers: { authorization: `Bearer ${sandbox.key}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { totals: Usage }).totals;
}

/** The usage the run added: at least the tool call's request and the answer's, all charged. */
async function expectBilled(before: Usage, atLeastRequests: number) {
  await expect(async () => {
    const after = await usageTotals();
    expect(after.requests - before.requests).toBeGreaterThanOrEqual(atLeastRequests);
    expect(after.input_tokens - before.input_tokens).toBeGreaterThan(0);
    expect(after.output_tokens - before.output_tokens).toBeGreaterThan(0);
    expect(after.credits - before.credits).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
}

test("Claude Code: claude -p runs a tool once, then answers with its result, billed", async () => {
  test.setTimeout(300_000);
  const before = await usageTotals();
  const run = await claudePrint(sandbox.server.base, sandbox.key, "scholar", "Use the Glob tool to list the files here, then tell me what you found.");
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const result = JSON.parse(run.stdout) as { is_error: boolean; result: string; num_turns: number };
  expect(result.is_error, run.stdout).toBe(false);
  expect(result.result).toContain("The Glob tool returned");
  // One turn asked for the tool, one answered: no loop.
  expect(result.num_turns).toBeLessThanOrEqual(3);
  await expectBilled(before, 2);
});

test("Codex CLI: codex exec runs a tool once, then answers with its result, billed", async () => {
  test.setTimeout(300_000);
  const before = await usageTotals();
  const run = await codexExec(sandbox.server.base, sandbox.key, "scholar", "Use get_goal to read the goal, then say what you found.");
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toContain("The get_goal tool returned");
  await expectBilled(before, 2);
});
