import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { applyTimeouts } from "./server-timeouts";

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that reads the whole body before answering, as the API does. */
async function listening(): Promise<Server> {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end("ok"));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return server;
}

/** Sends `head` at once, then one byte of body every `everyMs`; resolves with the status line and when it came. */
function trickle(port: number, head: string, everyMs: number): Promise<{ statusLine: string; afterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    const drip = setInterval(() => socket.writable && socket.write("a"), everyMs);
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ statusLine: data.split("\r\n")[0], afterMs: Date.now() - started });
    });
  });
}

describe("server timeouts", () => {
  it("answers 408 to a body trickled slower than the request timeout allows, within a second of it", async () => {
    const s = await listening();
    applyTimeouts(s, { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 5_000 });
    const { port } = s.address() as AddressInfo;
    const answer = await trickle(port, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n", 300);
    expect(answer.statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(answer.afterMs).toBeGreaterThanOrEqual(1_900);
    expect(answer.afterMs).toBeLessThan(4_500);
  });

  it("closes a connection whose headers never end within the headers timeout", async () => {
    const s = await listening();
    applyTimeouts(s, { headersMs: 1_000, requestMs: 5_000, keepAliveMs: 5_000 });
    const { port } = s.address() as AddressInfo;
    const answer = await trickle(port, "GET /x HTTP/1.1\r\nHost: x\r\n", 200);
    expect(answer.statusLine).toBe("HTTP/1.1 408 Request Timeout");
    expect(answer.afterMs).toBeLessThan(3_000);
  });

  it("sets the keep-alive timeout and keeps headers within the request timeout", async () => {
    const s = await listening();
    applyTimeouts(s, { headersMs: 10_000, requestMs: 5_000, keepAliveMs: 65_000 });
    expect(s.keepAliveTimeout).toBe(65_000);
    expect(s.requestTimeout).toBe(5_000);
    expect(s.headersTimeout).toBe(5_000);
  });

  it("a request that arrives in time is served", async () => {
    const s = await listening();
    applyTimeouts(s, { headersMs: 1_000, requestMs: 2_000, keepAliveMs: 5_000 });
    const { port } = s.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/x`, { method: "POST", body: "hello" });
    expect(await res.text()).toBe("ok");
  });
});
