import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { openEventStream } from "./http-failure";
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

  /** An endless body (a record every few milliseconds) that says when it is closed. */
  function endless(): { stream: Readable; closed: () => boolean } {
    let closed = false;
    const stream = new Readable({
      read() {
        setTimeout(() => this.push(new TextEncoder().encode("data: again\n\n")), 2);
      },
      destroy(error, callback) {
        closed = true;
        callback(error);
      },
    });
    return { stream, closed: () => closed };
  }

  it("delivers nothing after the answer is complete, and reads the rest of the body to its end", async () => {
    const stream = body(["data: 1\n\ndata: 2\n\n", "data: 3\n\n", "data: 4\n\n"]);
    let seen = 0;
    expect(await eachRecord(stream, () => ++seen === 2)).toBe(true);
    await new Promise((r) => stream.once("close", r));
    expect(seen).toBe(2);
    expect(stream.readableEnded).toBe(true);
  });

  it("closes a body that goes on after a complete answer, within a second", async () => {
    const { stream, closed } = endless();
    expect(await eachRecord(stream, () => true)).toBe(true);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(closed()).toBe(true);
    expect(stream.readableEnded).toBe(false);
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

  it("keeps the connection for the next request when a complete answer's HTTP ending comes apart", async () => {
    let connections = 0;
    const server = createServer((request, response) => {
      request.resume().on("end", () => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("data: [DONE]\n\n");
        setTimeout(() => response.end(), 5);
      });
    }).on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      for (let i = 0; i < 5; i++) {
        const stream = await openEventStream(url, {}, {}, new AbortController().signal);
        expect(await eachRecord(stream, (record) => record.data === "[DONE]")).toBe(true);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(connections).toBe(1);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
