// Stop sequences (OpenAI's `stop`) enforced on the text a client receives, whatever the engine: an
// engine that honours them never sends the match; one that does not (or a continuation that
// completes a match another engine began) is cut here. Text is delivered as it arrives, less only
// the tail that could still be the start of a stop sequence.
import "server-only";

/** Thrown from a delta callback when the answer reached a stop sequence: the attempt is complete. */
export class AnswerComplete extends Error {
  constructor() {
    super("stop sequence reached");
    this.name = "AnswerComplete";
  }
}

export class StopFilter {
  /** Text received but not yet delivered: a possible beginning of a stop sequence. */
  private pending = "";
  /** Everything delivered so far. */
  delivered = "";
  /** True once a stop sequence matched; nothing after it is ever delivered. */
  stopped = false;
  /** The stop sequence that matched (the first in the text; the longest of those starting there). */
  matched: string | undefined;

  constructor(
    private readonly stops: string[],
    private readonly deliver: (text: string) => void,
  ) {}

  /** Takes the next piece of engine text; delivers what can no longer be part of a match. */
  push(text: string): void {
    if (this.stopped) return;
    const buffer = this.pending + text;
    const match = this.firstMatch(buffer);
    if (match >= 0) {
      this.stopped = true;
      this.pending = "";
      this.send(buffer.slice(0, match));
      return;
    }
    const hold = this.openTail(buffer);
    this.pending = buffer.slice(buffer.length - hold);
    this.send(buffer.slice(0, buffer.length - hold));
  }

  /** The engine finished: a held-back tail that never became a match is part of the answer. */
  flush(): void {
    if (this.stopped) return;
    const rest = this.pending;
    this.pending = "";
    this.send(rest);
  }

  private send(text: string): void {
    if (!text) return;
    this.delivered += text;
    this.deliver(text);
  }

  private firstMatch(buffer: string): number {
    let first = -1;
    for (const stop of this.stops) {
      const at = buffer.indexOf(stop);
      if (at >= 0 && (first < 0 || at < first || (at === first && stop.length > (this.matched?.length ?? 0)))) {
        first = at;
        this.matched = stop;
      }
    }
    return first;
  }

  /** The length of the longest end of `buffer` that is a proper beginning of some stop sequence. */
  private openTail(buffer: string): number {
    let longest = 0;
    for (const stop of this.stops) {
      for (let k = Math.min(stop.length - 1, buffer.length); k > longest; k--) {
        if (buffer.endsWith(stop.slice(0, k))) {
          longest = k;
          break;
        }
      }
    }
    return longest;
  }
}
