// A webhook endpoint for tests: a real HTTP server on loopback whose answer the test sets.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: IncomingMessage["headers"]; body: string; json: any };

/** A receiver whose answer the test sets: status, headers, and a log of what arrived. */
export function receiver() {
  const received: Received[] = [];
  let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(answer.status, answer.headers).end("ok");
    });
  });
  return {
    received,
    answer: (status: number, headers?: Record<string, string>) => (answer = { status, headers }),
    start: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
