// Compression where the app itself serves (COMPRESS_PAGES, on by default): the console's pages and
// scripts come gzipped to a client that takes gzip; the APIs' JSON and event streams never do.
import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { state } from "../fixtures/state";

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET with `Accept-Encoding: gzip`, the body as it came over the wire (not decompressed). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(state().baseURL + path, { headers: { "accept-encoding": "gzip", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("a page and its scripts come gzipped; API answers do not", async () => {
  const page = await get("/sign-in");
  expect(page.status).toBe(200);
  expect(page.headers["content-encoding"]).toBe("gzip");
  const html = gunzipSync(page.body).toString("utf8");
  expect(html).toContain("<html");
  const script = /src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const js = await get(script!);
  expect(js.headers["content-encoding"]).toBe("gzip");
  expect(js.body.length).toBeLessThan(gunzipSync(js.body).length / 2);

  for (const path of ["/v1/api_keys", "/api/public/v1/ai/products", "/api/openapi.json"]) {
    const answer = await get(path, { authorization: `Bearer ${state().a.readKey}` });
    expect(answer.headers["content-encoding"], path).toBeUndefined();
    expect(() => JSON.parse(answer.body.toString("utf8")), path).not.toThrow();
  }
  // Without Accept-Encoding: plain.
  const plain = await get("/sign-in", { "accept-encoding": "identity" });
  expect(plain.headers["content-encoding"]).toBeUndefined();
});

test("an event stream is never compressed", async () => {
  const response = await fetch(`${state().baseURL}/api/public/v1/ai/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${state().a.readWriteKey}`, "content-type": "application/json", "accept-encoding": "gzip" },
    body: JSON.stringify({ prompt: "Compression: say hello in twenty words.", stream: true }),
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  expect(response.headers.get("content-encoding")).toBeNull();
  // The bytes on the wire are the events themselves, not a compressed stream of them.
  const text = await response.text();
  expect(text.startsWith("event: ")).toBe(true);
  expect(text).toMatch(/event: done\n/);
});
