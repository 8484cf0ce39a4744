// Parses a text/event-stream body into records, following the WHATWG event-stream rules: lines end
// in CRLF, LF or CR; `:` starts a comment; several `data:` lines join with "\n"; a blank line
// dispatches. Bytes may be split anywhere, even inside a UTF-8 character or a CRLF pair. The body
// is any async iterable of bytes (an HTTP client's Node stream, or a web ReadableStream).
import "server-only";
export type SseRecord = { event?: string; data: string };

export async function* readSse(body: AsyncIterable<Uint8Array>): AsyncGenerator<SseRecord> {
  const chunks = body[Symbol.asyncIterator]();
  const decoder = new TextDecoder();
  // One regex per stream: its lastIndex is state, and other streams run between our yields.
  const lineEnd = /\r\n|\r|\n/g;
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  let finished = false;

  // Returns the record a line completes, if any.
  const take = (line: string): SseRecord | undefined => {
    if (line === "") {
      const record = data.length > 0 ? { ...(event ? { event } : {}), data: data.join("\n") } : undefined;
      event = undefined;
      data = [];
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

  try {
    while (!finished) {
      const chunk = await chunks.next();
      if (chunk.done) {
        finished = true;
        buffer += decoder.decode();
      } else {
        buffer += decoder.decode(chunk.value, { stream: true });
      }
      let start = 0;
      lineEnd.lastIndex = 0;
      for (let match = lineEnd.exec(buffer); match; match = lineEnd.exec(buffer)) {
        // A CR at the very end may be the first half of a CRLF still in flight.
        if (match[0] === "\r" && match.index === buffer.length - 1 && !finished) break;
        const record = take(buffer.slice(start, match.index));
        start = match.index + match[0].length;
        if (record) yield record;
      }
      buffer = buffer.slice(start);
    }
    // The standard drops an event the stream ended before its blank line; some servers omit
    // that last blank line, so a complete trailing record is still delivered. A cut-off JSON
    // line then fails to parse and the caller reports it like any other bad chunk.
    const last = take(buffer) ?? take("");
    if (last) yield last;
  } finally {
    // The consumer stopped early (or a read failed): ending the body releases the connection.
    if (!finished) await chunks.return?.().catch(() => undefined);
  }
}
