// One attempt on one model family: drives the adapter's stream and enforces the family's
// timeouts from the events' timing (connect: until headers; first token: until the first delta;
// idle: between events after that). Text is handed on as it arrives; tool call fragments are
// gathered until the attempt ends (a call is delivered whole or not at all).
import "server-only";
import { adapterFor } from "../providers";
import { UpstreamFailure, type FinishReason, type UpstreamEvent, type UpstreamRequest } from "../providers/types";
import { addFragment, type CallParts } from "../tool-calls";
import type { PlanStep } from "./plan";

/** What an attempt asks of its family (the plan step gives the model; the core, the signal). */
export type AttemptRequest = Omit<UpstreamRequest, "model" | "signal">;

export type AttemptResult = {
  reported?: { inputTokens: number; outputTokens: number };
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
): Promise<AttemptResult> {
  const controller = new AbortController();
  const abort = () => controller.abort(clientSignal.reason);
  clientSignal.addEventListener("abort", abort, { once: true });
  const events = adapterFor(step.family.adapter)(step.family, { ...request, model: step.model, signal: controller.signal })[Symbol.asyncIterator]();
  const { connect_ms, first_token_ms, idle_ms } = step.family.timeouts;
  let phase: Phase = "connect";
  let reported: AttemptResult["reported"];
  const calls: CallParts[] = [];
  let ended = false;
  // The wait for each event fails with the phase's timeout (and closes the upstream request). One
  // timer per phase, restarted for each wait, rather than a new timer for every chunk.
  let failWait: (failure: UpstreamFailure) => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  let timedPhase: Phase | undefined;
  try {
    for (;;) {
      if (timedPhase !== phase) {
        clearTimeout(timer);
        timedPhase = phase;
        const limit = phase === "connect" ? connect_ms : phase === "first" ? first_token_ms : idle_ms;
        const kind = phase === "connect" ? "timeout_connect" : phase === "first" ? "timeout_first_token" : "stalled";
        timer = setTimeout(() => {
          controller.abort();
          failWait(new UpstreamFailure(kind, `no event within ${limit} ms`));
        }, limit);
      } else timer?.refresh();
      const next = await new Promise<IteratorResult<UpstreamEvent>>((resolve, reject) => {
        failWait = reject;
        events.next().then(resolve, reject);
      });
      if (clientSignal.aborted) throw clientSignal.reason;
      if (next.done) throw new UpstreamFailure("truncated", "stream ended without its terminator");
      const event: UpstreamEvent = next.value;
      if (event.type === "open") phase = phase === "connect" ? "first" : phase;
      else if (event.type === "delta") {
        phase = "idle";
        if (event.text) onDelta(event.text);
      } else if (event.type === "tool_call") {
        phase = "idle";
        addFragment(calls, event);
      } else if (event.type === "usage") reported = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      else if (event.type === "end") {
        ended = true;
        return { reported, finish: event.finish, calls };
      }
    }
  } finally {
    clearTimeout(timer);
    clientSignal.removeEventListener("abort", abort);
    // An attempt cut short (timeout, failure, client gone) closes its upstream request; one that
    // ended cleanly has nothing left open (and an abort is not free on every request).
    if (!ended) {
      controller.abort();
      void events.return?.().catch(() => undefined);
    }
  }
}
