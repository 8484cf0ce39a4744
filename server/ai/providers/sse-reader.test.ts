import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { eachRecord, type SseRecord } from "./sse-reader";

/** The parts as the upstream client delivers a body: a Node stream of byte chunks. */
function body(parts: (string | Uint8Array)[]): Readable {
  const encoder = new TextEncoder();
  return Readable.from(parts.map((part) => (typeof part === "string" ? encoder.encode(part) : part)));
}

async function records(parts: (string | Uint8Array)[]): Promise<SseRecord[]> {
  const out: SseRecord[] = [];
  await eachRecord(body(parts), (record) => void out.push(record));
  return out;
}

const STREAM = ": comment\r\nevent: message_start\r\ndata: {\"a\":1}\r\n\r\ndata: line one\ndata: line two\n\nevent: ping\rdata:no space\r\rdata: [DONE]\n\n";
const EXPECTED: SseRecord[] = [
  { event: "message_start", data: '{"a":1}' },
  { data: "line one\nline two" },
  { event: "ping", data: "no space" },
  { data: "[DONE]" },
];

describe("eachRecord", () => {
  it("parses events, multi-line data, comments and every line ending", async () => {
    expect(await records([STREAM])).toEqual(EXPECTED);
  });

  it("gives the same records however the bytes are split", async () => {
    const bytes = new TextEncoder().encode(STREAM);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await records([bytes.slice(0, cut), bytes.slice(cut)])).toEqual(EXPECTED);
    }
    expect(await records([...bytes].map((b) => new Uint8Array([b])))).toEqual(EXPECTED);
  });

  it("keeps a multi-byte character split across chunks", async () => {
    const bytes = new TextEncoder().encode("data: café ☕\n\n");
    expect(await records([bytes.slice(0, 10), bytes.slice(10, 13), bytes.slice(13)])).toEqual([{ data: "café ☕" }]);
  });

  it("skips events without data and delivers a last record missing its blank line", async () => {
    expect(await records(["event: ping\n\n", ":keep-alive\n\n", "data: x\n\n", "data: last"])).toEqual([{ data: "x" }, { data: "last" }]);
  });

  /** An endless body that says when it is closed. */
  function endless(): { stream: Readable; closed: () => boolean } {
    let closed = false;
    const stream = new Readable({
      read() {
        this.push(new TextEncoder().encode("data: again\n\n"));
      },
      destroy(error, callback) {
        closed = true;
        callback(error);
      },
    });
    return { stream, closed: () => closed };
  }

  it("closes the body once the answer is complete, and delivers nothing after", async () => {
    const { stream, closed } = endless();
    let seen = 0;
    expect(await eachRecord(stream, () => ++seen === 3)).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toBe(3);
    expect(closed()).toBe(true);
  });

  it("says when the body ended before the answer was complete", async () => {
    expect(await eachRecord(body(["data: x\n\n"]), () => false)).toBe(false);
  });

  it("rejects with what the reader threw, and closes the body", async () => {
    const { stream, closed } = endless();
    await expect(eachRecord(stream, () => { throw new Error("bad chunk"); })).rejects.toThrow("bad chunk");
    expect(closed()).toBe(true);
  });

  it("rejects with the body's error", async () => {
    const stream = new Readable({ read() {} });
    const reading = eachRecord(stream, () => undefined);
    stream.push(new TextEncoder().encode("data: x\n\n"));
    stream.destroy(new Error("socket reset"));
    await expect(reading).rejects.toThrow("socket reset");
  });
});
