// What an answer's routing.reason says about how it was routed: engines in general terms only.
import "server-only";
import type { Progress } from "./escalate";
import type { Plan } from "./plan";

/** `routing.reason`: the plan's words, then who answered and, after an escalation, why. */
export function routingReason(route: Plan, progress: Progress, stepIndex: number): string {
  if (stepIndex === 0 && progress.failures.length === 0) {
    return `${route.reason}: primary ${route.label} answered${progress.attempts > 1 ? " after a retry" : ""}`;
  }
  const why = progress.failures.length ? ` after ${describe(progress.failures[progress.failures.length - 1])}` : "";
  return `${route.reason}: escalated to fallback ${route.label} ${stepIndex + 1}${why}`;
}

function describe(kind: Progress["failures"][number]): string {
  switch (kind) {
    case "rate_limited": return "the previous engine was busy";
    case "timeout_connect": case "timeout_first_token": return "the previous engine did not answer in time";
    case "stalled": case "truncated": return "the previous engine stopped mid-answer";
    case "context_length": return "the input did not fit the previous engine";
    case "not_json": return "the previous engine's answer was not valid JSON";
    case "schema_mismatch": return "the previous engine's answer did not match the schema";
    case "bad_tool_call": return "the previous engine made an invalid tool call";
    default: return "the previous engine failed";
  }
}
