// Parses a text/event-stream body into records, following the WHATWG event-stream rules: lines end
// in CRLF, LF or CR; `:` starts a comment; several `data:` lines join with "\n"; a blank line
// dispatches. Bytes may be split anywhere, even inside a UTF-8 character or a CRLF pair.
//
// Pushed, not pulled: each record is handed to a callback as its chunk arrives. An open stream
// then waits on no promise between its events; with an async iterator at each layer, every
// event left a promise, its reactions and a closure waiting until the next one, which at a word a
// second outlived the young generation and piled up in the old one (see bench/README.md).
import "server-only";
import type { Readable } from "node:stream";

export type SseRecord = { event?: string; data: string };

const STREAMING = { stream: true };

/** A push parser: `feed` each chunk, then `end`; `onRecord` is called for each complete record. */
export function sseParser(onRecord: (record: SseRecord) => void): { feed(chunk: Uint8Array): void; end(): void } {
  const decoder = new TextDecoder();
  // One regex per stream: its lastIndex is state.
  const lineEnd = /\r\n|\r|\n/g;
  let buffer = "";
  let event: string | undefined;
  // One array per stream, emptied after each record: a new one per record would wait a word's
  // time for its first line and be kept past the young generation, as garbage of the old one.
  const data: string[] = [];

  // Returns the record a line completes, if any.
  const take = (line: string): SseRecord | undefined => {
    if (line === "") {
      const record = data.length > 0 ? { ...(event ? { event } : {}), data: data.join("\n") } : undefined;
      event = undefined;
      data.length = 0;
      return record;
    }
    if (line.startsWith(":")) return undefined;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value || undefined;
    else if (field === "data") data.push(value);
    return undefined;
  };

  const scan = (finished: boolean) => {
    let start = 0;
    lineEnd.lastIndex = 0;
    for (let match = lineEnd.exec(buffer); match; match = lineEnd.exec(buffer)) {
      // A CR at the very end may be the first half of a CRLF still in flight.
      if (match[0] === "\r" && match.index === buffer.length - 1 && !finished) break;
      const record = take(buffer.slice(start, match.index));
      start = match.index + match[0].length;
      // It may throw: the stream is then dropped, and the rest of its buffer with it.
      if (record) onRecord(record);
    }
    buffer = buffer.slice(start);
  };

  return {
    feed(chunk) {
      buffer += decoder.decode(chunk, STREAMING);
      scan(false);
    },
    end() {
      buffer += decoder.decode();
      scan(true);
      // The standard drops an event the stream ended before its blank line; some servers omit
      // that last blank line, so a complete trailing record is still delivered. A cut-off JSON
      // line then fails to parse and the caller reports it like any other bad chunk.
      const last = take(buffer) ?? take("");
      buffer = "";
      if (last) onRecord(last);
    },
  };
}

/** How long the rest of a complete answer (its HTTP ending, after the last record) is waited for. */
const DRAIN_MS = 1_000;

/**
 * Lets go of a body before its end. After a complete answer only the HTTP ending is left (a server
 * that writes its last event and its ending apart): it is read, so that the connection is kept for
 * the next request; closing the body there cost the connection (two new ones a request, measured).
 * A body left mid-answer is closed, which releases its connection. Errors after that were reported.
 */
function leave(body: Readable, complete: boolean): void {
  body.on("error", () => undefined);
  if (!complete) {
    body.destroy();
    return;
  }
  const timer = setTimeout(() => body.destroy(), DRAIN_MS);
  const done = () => clearTimeout(timer);
  body.once("end", done).once("close", done).resume();
}

/**
 * Reads an event-stream body (the upstream client's Node stream), handing each record to
 * `onRecord` as it arrives. `onRecord` returns true when the answer is complete: the body is then
 * closed and the promise resolves true. It resolves false when the body ended first, and rejects
 * with the body's error (an abort included) or with what `onRecord` threw, closing the body.
 */
export function eachRecord(body: Readable, onRecord: (record: SseRecord) => boolean | void): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let settled = false;
    const finish = (error: unknown, complete: boolean) => {
      if (settled) return;
      settled = true;
      body.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (!body.readableEnded) leave(body, complete);
      if (error === undefined) resolve(complete);
      else reject(error);
    };
    const parser = sseParser((record) => {
      if (!settled && onRecord(record) === true) finish(undefined, true);
    });
    const onData = (chunk: Uint8Array) => {
      try {
        parser.feed(chunk);
      } catch (error) {
        finish(error, false);
      }
    };
    const onEnd = () => {
      try {
        parser.end();
        finish(undefined, false);
      } catch (error) {
        finish(error, false);
      }
    };
    const onError = (error: unknown) => finish(error, false);
    // Closed by someone else, with neither its end nor an error: cut off all the same.
    const onClose = () => finish(new Error("the body closed before its end"), false);
    body.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    // A body that failed or was aborted before we listened.
    if (body.errored) onError(body.errored);
    else if (body.destroyed && !body.readableEnded) onError(new Error("the body was closed"));
  });
}
