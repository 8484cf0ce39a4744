// The two coding agents, unchanged: Claude Code (`claude -p`, on the Anthropic door) and Codex CLI
// (`codex exec`, on the Responses door), installed at pinned versions on demand, each given a task
// that needs one tool call, against a server of this spec's own whose engines are the built-in
// sandbox, and against the run's server on the fake upstream in each wire format (vision starts on
// the Anthropic-format engine, advanced on an OpenAI-format one). Each finishes (the engine calls
// the tool once, then answers with its result in text: the agent's loop ends), and what it spent is
// billed in the workspace's usage; on the fake upstream the repeated prompt prefix (system prompt
// and tools) is read from its cache and billed as cached input, and on the Anthropic-format engine
// the agent's thinking (Claude Code's `thinking`, Codex's `reasoning` with encrypted content) goes
// back to the engine with its vendor signature.
import { expect, test } from "@playwright/test";
import { newTag, seen } from "../fixtures/ai";
import { claudePrint, codexExec, installClis } from "../fixtures/coding-clis";
import { signatureOf } from "../fixtures/fake-upstream/thinking";
import { freshKeys } from "../fixtures/fresh-keys";
import { state } from "../fixtures/state";
import { sandboxServer, type SandboxServer } from "../fixtures/sandbox-server";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 83;

type Usage = { requests: number; input_tokens: number; cached_input_tokens: number; output_tokens: number; credits: number };

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

/** What a key of its own (named `name`) spent on the run's server, summed over its usage rows. */
async function spentBy(key: string, name: string): Promise<Usage> {
  const res = await fetch(`${state().baseURL}/api/public/v1/usage?group_by=key`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  const rows = ((await res.json()) as { data: (Usage & { key_name: string | null })[] }).data.filter((row) => row.key_name === name);
  const sum = (field: keyof Usage) => rows.reduce((total, row) => total + row[field], 0);
  return { requests: sum("requests"), input_tokens: sum("input_tokens"), cached_input_tokens: sum("cached_input_tokens"), output_tokens: sum("output_tokens"), credits: sum("credits") };
}

/** Billed: at least the call's request and the answer's, the repeated prefix as cached input. */
async function expectBilledCached(key: string, name: string) {
  await expect(async () => {
    const spent = await spentBy(key, name);
    expect(spent.requests).toBeGreaterThanOrEqual(2);
    expect(spent.output_tokens).toBeGreaterThan(0);
    expect(spent.cached_input_tokens).toBeGreaterThan(0);
    expect(spent.cached_input_tokens).toBeLessThan(spent.input_tokens);
    expect(spent.credits).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
}

/**
 * The agent asked its engine to think, and the answer's thinking went back to the engine on the
 * tool result's turn with the vendor's own signature (the client only ever held the sealed carrier).
 */
async function expectThinkingCarried(name: string) {
  const [first, second] = await seen(name);
  expect(first.body.thinking).toBeTruthy();
  const turns = second.messages as { role: string; content: { type: string; thinking?: string; signature?: string }[] }[];
  const assistant = turns.find((m) => m.role === "assistant")!;
  const [block] = assistant.content;
  expect(block).toMatchObject({ type: "thinking", signature: signatureOf(block.thinking ?? "") });
}

for (const [wire, product] of [["Anthropic", "vision"], ["OpenAI", "advanced"]] as const) {
  test(`Claude Code on the fake upstream, ${wire} wire format: one tool call, its result answered, the prefix billed as cached`, async () => {
    test.setTimeout(300_000);
    const name = newTag(`claude-${product}`);
    const { a: key } = await freshKeys(name);
    const run = await claudePrint(state().baseURL, key, product, `[[tag ${name}]] Use the Glob tool to list the files here, then tell me what you found.`);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const result = JSON.parse(run.stdout) as { is_error: boolean; result: string; num_turns: number };
    expect(result.is_error, run.stdout).toBe(false);
    expect(result.result).toContain("The tools answered:");
    expect(result.num_turns).toBeLessThanOrEqual(3);
    await expectBilledCached(key, name);
    if (wire === "Anthropic") await expectThinkingCarried(name);
  });

  test(`Codex CLI on the fake upstream, ${wire} wire format: one tool call, its result answered, the prefix billed as cached`, async () => {
    test.setTimeout(300_000);
    const name = newTag(`codex-${product}`);
    const { a: key } = await freshKeys(name);
    const run = await codexExec(state().baseURL, key, product, `[[tag ${name}]] Use get_goal to read the goal, then say what you found.`);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("The tools answered:");
    await expectBilledCached(key, name);
    if (wire === "Anthropic") await expectThinkingCarried(name);
  });
}
