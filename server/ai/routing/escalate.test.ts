// The escalation rules against the fake upstream, both wire protocols in one chain (an
// OpenAI-protocol family, then an Anthropic-protocol one): what each family saw, the text the
// client was handed (never with a gap) and how the answer ended.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUpstream, type FakeUpstream } from "../../../e2e/fixtures/fake-upstream";
import { chunksOf } from "../../../e2e/fixtures/fake-upstream/answer";
import { AppError } from "../../errors";
import { family, MODEL, user } from "../../../test/kits/adapter-test-kit";
import { countTokens } from "../tokens";
import { runPlan, type Progress } from "./escalate";
import type { PlanStep } from "./plan";

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

let n = 0;
/** A fresh chain (fresh labels: the circuit breakers are shared) and a prompt tagged for it. */
function scenario(directives: (x: string, y: string) => string) {
  const id = ++n;
  const [x, y] = [`esc-x-${id}`, `esc-y-${id}`];
  const step = (adapter: "openai" | "anthropic", label: string): PlanStep => ({ family: family(adapter, upstream.url, label), tier: "strong", model: MODEL, contextWindow: 100_000 });
  const tag = `esc-${id}`;
  return { x, y, tag, steps: [step("openai", x), step("anthropic", y)], messages: [user(`Tell me about rivers. [[tag ${tag}]] ${directives(x, y)}`)] };
}

async function run(s: ReturnType<typeof scenario>, maxOutputTokens = 256) {
  const progress: Progress = { text: "", attempts: 0, failures: [], families: [] };
  let delivered = "";
  const outcome = await runPlan(s.steps, { messages: s.messages, maxOutputTokens }, progress, (t) => (delivered += t), new AbortController().signal, countTokens).catch(
    (error: unknown) => error as AppError,
  );
  const seen = upstream.requests(s.tag);
  return { outcome, delivered, progress, seen, families: seen.map((r) => r.family) };
}

describe("runPlan", () => {
  it("a broken chunk mid-answer: the next family continues from the last good text, no gap", async () => {
    const s = scenario((x) => `[[words 16]] [[fault ${x} corrupt_at n=4]]`);
    const { outcome, delivered, seen, families } = await run(s);
    expect(families).toEqual([s.x, s.y]);
    const good = chunksOf(seen[0].answer).slice(0, 3).join("");
    expect(seen[1].prefill).toBe(true);
    expect(JSON.stringify(seen[1].messages.at(-1))).toContain(good.trimEnd());
    expect(delivered).toBe(seen[0].answer);
    expect(outcome).toMatchObject({ family: s.y, stepIndex: 1, finish: "stop" });
  });

  it("a connection that dies after text is a cut: the next family continues (no retry of the same one)", async () => {
    const s = scenario((x) => `[[words 20]] [[fault ${x} reset_after n=5]]`);
    const { outcome, delivered, progress, seen, families } = await run(s);
    expect(families).toEqual([s.x, s.y]);
    expect(delivered).toBe(seen[0].answer);
    expect(progress.failures).toEqual(["truncated"]);
    expect(outcome).toMatchObject({ family: s.y, finish: "stop" });
  });

  it("a reset before any text is retried once on the same family", async () => {
    const s = scenario((x) => `[[fault ${x} reset times=1]]`);
    const { delivered, seen, families } = await run(s);
    expect(families).toEqual([s.x, s.x]);
    expect(delivered).toBe(seen[1].answer);
  });

  it("every family breaks mid-answer: upstream_unavailable, and what was handed on has no gap", async () => {
    const s = scenario(() => `[[words 30]] [[fault * corrupt_at n=3]]`);
    const { outcome, delivered, seen, families } = await run(s);
    expect(families).toEqual([s.x, s.y]);
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).code).toBe("upstream_unavailable");
    expect(seen[0].answer.startsWith(delivered)).toBe(true);
  });

  it("the output limit: finish length, and a continuation gets only what is left of the limit", async () => {
    const s = scenario((x) => `[[words 80]] [[fault ${x} cut_after n=4]]`);
    const { outcome, delivered, seen } = await run(s, 30);
    expect(outcome).toMatchObject({ finish: "length" });
    expect(seen[0].body.max_tokens).toBe(30);
    expect(seen[1].body.max_tokens).toBe(30 - countTokens(seen[0].sent));
    expect(seen[0].answer.startsWith(delivered)).toBe(true);
  });

  it("a content filter after text ends the answer there (content_filter); before any text it is a refusal", async () => {
    const late = scenario((x) => `[[fault ${x} content_policy n=3]]`);
    const ended = await run(late);
    expect(ended.families).toEqual([late.x]);
    expect(ended.outcome).toMatchObject({ family: late.x, finish: "content_filter" });
    expect(ended.delivered).toBe(chunksOf(ended.seen[0].answer).slice(0, 3).join(""));
    const early = scenario((x) => `[[fault ${x} content_policy]]`);
    const refused = await run(early);
    expect((refused.outcome as AppError).code).toBe("forbidden");
    expect(refused.delivered).toBe("");
  });
});
