// Runs a plan: tries each step in order and decides, per failure, what a careful client of the
// vendors would do. 429: wait out a short Retry-After once, else fail over (never hammer). 5xx or
// a dropped connection before any text: one retry, then the next family. No headers or no first
// token in time: fail over, no retry. Once an attempt has delivered text, any failure (a stall, a
// stream cut or reset, a malformed chunk, an error event) is a cut: continue on the next family
// from the text already delivered (by assistant prefill, or by instruction where a family refuses
// a prefill), never a retry of the family that broke off. Context too long: only a larger-context
// step. Content refused: stop, 403, or, when text was already delivered, end the answer there
// (finish_reason content_filter).
import "server-only";
import { env } from "../../env";
import { AppError } from "../../errors";
import { log } from "../../log";
import { metrics } from "../../metrics";
import { UpstreamFailure, type FailureKind, type FinishReason, type ThinkingBlock, type ToolCall } from "../providers/types";
import { sealThinking } from "../thinking";
import type { CallParts } from "../tool-calls";
import { attempt, type AttemptRequest, type AttemptResult } from "./attempt";
import { breaker, limitsOf } from "./breaker";
import { AnswerComplete } from "../stop-sequences";
import type { PlanStep } from "./plan";

export type Progress = {
  /** Everything streamed to the client so far, across attempts. */
  text: string;
  attempts: number;
  /** Steps that failed, by failure kind (for routing.reason). */
  failures: FailureKind[];
  /** Families that wrote some of `text`, in order (a continued answer has several): its writers. */
  families: string[];
  /**
   * The engines' thinking delivered with the answer, sealed for the client (thinking.ts): only
   * what came before any text or call (a continuation's thinking is about continuing, not the answer).
   */
  thinking?: ThinkingBlock[];
};

export type RunOutcome = {
  family: string;
  stepIndex: number;
  /** Usage the answering family reported, when one attempt produced the whole answer. */
  reported?: AttemptResult["reported"];
  /** Why the answer ended, as the last family reported it (`tool_calls` when the answer is calls). */
  finish: FinishReason;
  /** The answer's tool calls, whole and checked. */
  calls: ToolCall[];
};

// Failures that say something about the family's health (they feed its circuit breaker).
const unhealthy = new Set<FailureKind>(["server_error", "connection", "timeout_connect", "timeout_first_token", "stalled", "truncated", "malformed"]);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export async function runPlan(
  steps: PlanStep[],
  request: Omit<AttemptRequest, "continuation">,
  progress: Progress,
  onDelta: (text: string) => void,
  signal: AbortSignal,
  countTokens: (text: string) => number,
  /** Checks a finished attempt's answer (JSON, tool calls): returns its calls, or throws an UpstreamFailure to fail it. */
  answer?: { check(progress: Progress, calls?: CallParts[]): Promise<ToolCall[]> },
  /** Each block of thinking as the client gets it (before any text); without it, thinking is left out. */
  onThinking?: (block: ThinkingBlock) => void,
): Promise<RunOutcome> {
  const circuit = breaker();
  let minContext = 0;
  for (const [stepIndex, step] of steps.entries()) {
    if (step.contextWindow <= minContext) continue;
    const allowed = await circuit.allow(step.family.id, limitsOf(step.family));
    metrics().breakerOpen.set({ family: step.family.id }, allowed ? 0 : 1);
    if (!allowed) {
      progress.failures.push("server_error");
      continue;
    }
    let retried = false;
    let mode: "prefill" | "instruction" = "prefill";
    for (;;) {
      const startedWith = progress.text;
      progress.attempts++;
      metrics().upstreamAttempts.inc({ family: step.family.id });
      try {
        const result = await attempt(
          step,
          {
            ...request,
            maxOutputTokens: Math.max(1, request.maxOutputTokens - countTokens(progress.text)),
            continuation: progress.text ? { text: progress.text, mode } : undefined,
          },
          (text) => {
            progress.text += text;
            if (!progress.families.includes(step.family.id)) progress.families.push(step.family.id);
            onDelta(text);
          },
          signal,
          (block) => {
            if (progress.text || !onThinking) return;
            const sealed = sealThinking(step.family.id, block);
            (progress.thinking ??= []).push(sealed);
            onThinking?.(sealed);
          },
        ).catch((error: unknown): AttemptResult => {
          // A stop sequence ended the answer: the attempt is complete, the rest is not wanted.
          if (error instanceof AnswerComplete) return { finish: "stop", calls: [] };
          throw error;
        });
        const calls = (await answer?.check(progress, result.calls)) ?? [];
        await circuit.success(step.family.id);
        const finish = calls.length ? "tool_calls" : result.finish === "tool_calls" ? "stop" : result.finish;
        return { family: step.family.id, stepIndex, reported: startedWith === "" ? result.reported : undefined, finish, calls };
      } catch (error) {
        if (signal.aborted) throw signal.reason ?? error;
        if (!(error instanceof UpstreamFailure)) throw error;
        const cut = progress.text !== startedWith;
        metrics().upstreamFailures.inc({ family: step.family.id, reason: error.kind });
        log.warn({ family: familyRef(steps, step), kind: error.kind, detail: error.detail, streamed: progress.text.length, cut }, "engine attempt failed");
        if (unhealthy.has(error.kind)) await circuit.failure(step.family.id, limitsOf(step.family));
        const next = decide(error, retried, mode, cut);
        if (next === "refuse") {
          // The client may already hold part of the answer: it ends there, as the engine's filter said.
          if (progress.text) return { family: step.family.id, stepIndex, finish: "content_filter", calls: [] };
          throw new AppError("forbidden", "The content policy refused this request. Rephrase it and try again.");
        }
        if (next === "retry" || next === "retry-instruction") {
          retried = true;
          if (next === "retry-instruction") mode = "instruction";
          if (error.kind === "rate_limited" && error.retryAfterMs) await sleep(error.retryAfterMs, signal);
          continue;
        }
        // A dead connection after text is a stream cut off mid-answer.
        progress.failures.push(cut && error.kind === "connection" ? "truncated" : error.kind);
        if (error.kind === "context_length") minContext = step.contextWindow;
        break;
      }
    }
  }
  throw allFailed(progress.failures);
}

/** The one error when every family failed: an answer that broke the request's rules says so. */
function allFailed(failures: FailureKind[]): AppError {
  if (failures.includes("schema_mismatch")) {
    return new AppError("upstream_unavailable", "No engine's answer matched the schema of `response_format`. Nothing was charged; check the schema, or retry.");
  }
  if (failures.includes("bad_tool_call")) {
    return new AppError("upstream_unavailable", "No engine made a valid call of the request's tools. Nothing was charged; check `tools` and `tool_choice`, or retry.");
  }
  return new AppError("upstream_unavailable", "No engine could answer right now. Nothing was charged; retry in a moment.");
}

function decide(error: UpstreamFailure, retried: boolean, mode: "prefill" | "instruction", cut: boolean): "retry" | "retry-instruction" | "next" | "refuse" {
  if (error.kind === "content_policy") return "refuse";
  // The family broke off mid-answer: the next family continues from the delivered text.
  if (cut) return "next";
  switch (error.kind) {
    case "rate_limited":
      return !retried && error.retryAfterMs !== undefined && error.retryAfterMs <= env.UPSTREAM_RETRY_AFTER_MAX_SECONDS * 1000 ? "retry" : "next";
    case "server_error":
    case "connection":
      return retried ? "next" : "retry";
    case "prefill_refused":
      return mode === "prefill" ? "retry-instruction" : "next";
    default:
      return "next";
  }
}

/** How logs name a family: its position in the plan, never its configured (vendor) id. */
function familyRef(steps: PlanStep[], step: PlanStep): string {
  return `step-${steps.indexOf(step) + 1}`;
}
