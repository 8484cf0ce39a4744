// What a request asks of an answer beyond its text, applied between the engines and the client for
// every engine alike: `stop` sequences end it; a JSON answer (`json_object`, `json_schema`) is held
// until the finished answer proved to be one JSON object, valid against the schema (nothing of an
// answer that fails the check ever reaches the client, so the next engine can start afresh); tool
// calls are checked whole at the attempt's end (tool-calls.ts). The text before a call is not held.
import "server-only";
import { isJsonObject } from "./json-answer";
import type { SchemaCheck } from "./json-schema";
import { UpstreamFailure, type ToolCall } from "./providers/types";
import type { Progress } from "./routing/escalate";
import { AnswerComplete, StopFilter } from "./stop-sequences";
import { checkedCalls, type CallParts, type ToolRules } from "./tool-calls";

export type AnswerRules = {
  /** Stop sequences: the answer ends before the first match. */
  stop?: string[];
  /** The answer must be one JSON object. */
  json?: boolean;
  /** The answer must be JSON valid against this (compiled) schema. */
  schema?: SchemaCheck;
  /** The request's tools: what a call must be. */
  tools?: ToolRules;
};

export type AnswerShape = {
  /** Engine text in; throws AnswerComplete once a stop sequence matched. */
  onDelta(text: string): void;
  /**
   * At the end of an engine's attempt: its calls, whole and checked. Fails the attempt when a call
   * is broken or the answer is not the JSON asked for (and forgets its text when it was held).
   */
  check(progress: Progress, calls?: CallParts[]): Promise<ToolCall[]>;
  /** After the last attempt: delivers what was held back; `progress.text` becomes the answer. */
  finish(progress: Progress): void;
  /** The stop sequence that ended the answer, if one did. */
  stopSequence(): string | undefined;
};

/** The JSON asked for, or the failure of an answer that is not it. */
async function jsonProblem(rules: AnswerRules, answer: string): Promise<UpstreamFailure | undefined> {
  if (rules.schema) {
    let value: unknown;
    try {
      value = JSON.parse(answer);
    } catch {
      return new UpstreamFailure("not_json", "the answer is not JSON");
    }
    const problem = await rules.schema(value);
    return problem ? new UpstreamFailure("schema_mismatch", `the answer breaks the schema: ${problem}`) : undefined;
  }
  return rules.json && !isJsonObject(answer) ? new UpstreamFailure("not_json", "the answer is not one JSON object") : undefined;
}

export function shapeAnswer(rules: AnswerRules, deliver: (text: string) => void): AnswerShape {
  const holds = Boolean(rules.json || rules.schema);
  let held = "";
  const toClient = holds ? (text: string) => void (held += text) : deliver;
  const newFilter = () => (rules.stop?.length ? new StopFilter(rules.stop, toClient) : undefined);
  let filter = newFilter();
  const answerOf = (progress: Progress) => (filter?.stopped ? filter.delivered : progress.text);
  return {
    onDelta(text) {
      if (!filter) return toClient(text);
      filter.push(text);
      if (filter.stopped) throw new AnswerComplete();
    },
    async check(progress, parts = []) {
      try {
        const calls = await checkedCalls(parts, rules.tools);
        // An answer that is calls is not the JSON answer: its text (if any) only leads up to them.
        const problem = calls.length ? undefined : await jsonProblem(rules, answerOf(progress));
        if (problem) throw problem;
        return calls;
      } catch (error) {
        if (holds) {
          // Nothing of the held answer was sent: the next engine starts afresh.
          progress.text = "";
          progress.families = [];
          held = "";
          filter = newFilter();
        }
        throw error;
      }
    },
    finish(progress) {
      progress.text = answerOf(progress);
      filter?.flush();
      if (holds && held) deliver(held);
    },
    stopSequence: () => (filter?.stopped ? filter.matched : undefined),
  };
}

export { AnswerComplete };
