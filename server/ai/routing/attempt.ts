// One attempt on one model family: follows the adapter's events and enforces the family's
// timeouts from the events' timing (connect: until headers; first token: until the first delta;
// idle: between events after that). Text and whole thinking blocks are handed on as they arrive; tool call fragments are
// gathered until the attempt ends (a call is delivered whole or not at all).
import "server-only";
import { adapterFor } from "../providers";
import { UpstreamFailure, type FinishReason, type ThinkingBlock, type UpstreamEvent, type UpstreamRequest } from "../providers/types";
import { addFragment, type CallParts } from "../tool-calls";
import type { PlanStep } from "./plan";

/** What an attempt asks of its family (the plan step gives the model; the core, the signal). */
export type AttemptRequest = Omit<UpstreamRequest, "model" | "signal">;

export type AttemptResult = {
  reported?: Omit<Extract<UpstreamEvent, { type: "usage" }>, "type">;
  finish: FinishReason;
  /** The tool calls as their fragments came, by index (checked by the caller). */
  calls: CallParts[];
};

type Phase = "connect" | "first" | "idle";

export async function attempt(
  step: PlanStep,
  request: AttemptRequest,
  onDelta: (text: string) => void,
  clientSignal: AbortSignal,
  onThinking?: (block: ThinkingBlock) => void,
): Promise<AttemptResult> {
  clientSignal.throwIfAborted();
  const controller = new AbortController();
  const { connect_ms, first_token_ms, idle_ms } = step.family.timeouts;
  let phase: Phase = "connect";
  let reported: AttemptResult["reported"];
  const calls: CallParts[] = [];
  let result: AttemptResult | undefined;
  // Ends the attempt at once with this reason (a timeout, the client leaving, a delivery that
  // threw) and closes the upstream request; the adapter's own ending is not waited for.
  let fail: (reason: unknown) => void = () => undefined;
  // One timer per phase, restarted by each event, rather than a new timer for every chunk.
  let timer: NodeJS.Timeout | undefined;
  let timedPhase: Phase | undefined;
  const arm = () => {
    if (timedPhase === phase) {
      timer?.refresh();
      return;
    }
    clearTimeout(timer);
    timedPhase = phase;
    const limit = phase === "connect" ? connect_ms : phase === "first" ? first_token_ms : idle_ms;
    const kind = phase === "connect" ? "timeout_connect" : phase === "first" ? "timeout_first_token" : "stalled";
    timer = setTimeout(() => fail(new UpstreamFailure(kind, `no event within ${limit} ms`)), limit);
  };
  const onEvent = (event: UpstreamEvent) => {
    if (result || controller.signal.aborted) return;
    try {
      if (event.type === "open") phase = phase === "connect" ? "first" : phase;
      else if (event.type === "delta") {
        phase = "idle";
        if (event.text) onDelta(event.text);
      } else if (event.type === "thinking") {
        phase = "idle";
        onThinking?.(event.block);
      } else if (event.type === "tool_call") {
        phase = "idle";
        addFragment(calls, event);
      } else if (event.type === "usage") {
        const { type: _usage, ...counts } = event;
        reported = counts;
      }
      else if (event.type === "end") {
        result = { reported, finish: event.finish, calls };
        return;
      }
      arm();
    } catch (error) {
      fail(error);
    }
  };
  const leave = () => fail(clientSignal.reason);
  clientSignal.addEventListener("abort", leave, { once: true });
  try {
    return await new Promise<AttemptResult>((resolve, reject) => {
      fail = (reason) => {
        controller.abort();
        reject(reason);
      };
      arm();
      adapterFor(step.family.adapter)(step.family, { ...request, model: step.model, signal: controller.signal }, onEvent).then(
        () => (result ? resolve(result) : reject(new UpstreamFailure("truncated", "stream ended without its terminator"))),
        reject,
      );
    });
  } finally {
    clearTimeout(timer);
    clientSignal.removeEventListener("abort", leave);
    // An attempt cut short (timeout, failure, client gone) closes its upstream request; one that
    // ended cleanly has nothing left open (and an abort is not free on every request).
    if (!result) controller.abort();
  }
}
