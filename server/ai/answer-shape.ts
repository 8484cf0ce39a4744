// What the OpenAI door's `stop` and `response_format` ask of an answer, applied between the engines
// and the client for every engine alike. Engine text goes through the stop filter; in JSON mode the
// filtered text is held until the finished answer proved to be a JSON object (nothing of an answer
// that fails the check ever reaches the client, so the next engine can start afresh).
import { isJsonObject } from "./json-answer";
import { UpstreamFailure } from "./providers/types";
import type { Progress } from "./routing/escalate";
import { AnswerComplete, StopFilter } from "./stop-sequences";

export type AnswerRules = {
  /** Stop sequences: the answer ends before the first match. */
  stop?: string[];
  /** The answer must be one JSON object. */
  json?: boolean;
};

export type AnswerShape = {
  /** Engine text in; throws AnswerComplete once a stop sequence matched. */
  onDelta(text: string): void;
  /** At the end of an engine's attempt: fails it (and forgets its text) when the answer is not JSON. */
  check(progress: Progress): void;
  /** After the last attempt: delivers what was held back; `progress.text` becomes the answer. */
  finish(progress: Progress): void;
};

export function shapeAnswer(rules: AnswerRules, deliver: (text: string) => void): AnswerShape {
  let held = "";
  const toClient = rules.json ? (text: string) => void (held += text) : deliver;
  const newFilter = () => (rules.stop?.length ? new StopFilter(rules.stop, toClient) : undefined);
  let filter = newFilter();
  const answerOf = (progress: Progress) => (filter?.stopped ? filter.delivered : progress.text);
  return {
    onDelta(text) {
      if (!filter) return toClient(text);
      filter.push(text);
      if (filter.stopped) throw new AnswerComplete();
    },
    check(progress) {
      if (!rules.json || isJsonObject(answerOf(progress))) return;
      progress.text = "";
      progress.families = [];
      held = "";
      filter = newFilter();
      throw new UpstreamFailure("not_json", "the answer is not one JSON object");
    },
    finish(progress) {
      progress.text = answerOf(progress);
      filter?.flush();
      if (rules.json && held) deliver(held);
    },
  };
}

export { AnswerComplete };
