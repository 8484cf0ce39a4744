// Request bodies: content type, the 1 MiB cap enforced while reading, JSON syntax, strict fields.
import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { call } from "../fixtures/api";
import { state } from "../fixtures/state";

const post = (options: Parameters<typeof call>[2]) => call("POST", "/v1/api_keys", { key: state().a.readWriteKey, ...options });

test("malformed JSON → 400 invalid_body", async () => {
  const res = await post({ rawBody: '{"name": "x",', headers: { "content-type": "application/json" } });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "invalid_body" });
});

test("wrong or missing content type → 400 invalid_body; a charset parameter is fine", async () => {
  const body = JSON.stringify({ name: "ct", scope: "read" });
  for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
    const res = await post({ rawBody: body, headers: { "content-type": type } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_body");
  }
  expect((await post({ rawBody: body })).status).toBe(400);
  expect((await post({ rawBody: body, headers: { "content-type": "application/json; charset=utf-8" } })).status).toBe(201);
});

test("unknown fields and wrong types → 400 invalid_body naming the field", async () => {
  const unknown = await post({ body: { name: "x", scope: "read", scopes: ["read"] } });
  expect(unknown.body.error).toMatchObject({ code: "invalid_body", param: "scopes" });
  const wrongType = await post({ body: { name: 42, scope: "read" } });
  expect(wrongType.body.error).toMatchObject({ code: "invalid_body", param: "name" });
  const badEnum = await post({ body: { name: "x", scope: "admin" } });
  expect(badEnum.body.error).toMatchObject({ code: "invalid_body", param: "scope" });
  const notObject = await post({ body: [1, 2] });
  expect(notObject.body.error.code).toBe("invalid_body");
});

test("a body over 1 MiB → 413 input_too_large", async () => {
  const big = JSON.stringify({ name: "x".repeat(1024 * 1024 + 10), scope: "read" });
  const res = await post({ body: undefined, rawBody: big, headers: { "content-type": "application/json" } });
  expect(res.status).toBe(413);
  expect(res.body.error).toMatchObject({ code: "input_too_large", limit: 1048576 });
});

test("a 5 MiB chunked body is refused before it is all sent", async () => {
  const { baseURL, a } = state();
  const url = new URL("/v1/api_keys", baseURL);
  const chunk = Buffer.alloc(64 * 1024, "a");
  const total = 5 * 1024 * 1024;
  const result = await new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(url, {
      method: "POST",
      headers: { authorization: `Bearer ${a.readWriteKey}`, "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, sent, body });
        req.destroy();
      });
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      // Write slowly enough that the server's answer arrives while we still have data to send.
      if (answered || sent >= total) return req.end();
      sent += chunk.length;
      req.write(chunk, () => setTimeout(pump, 5));
    };
    pump();
  });
  expect(result.status).toBe(413);
  expect(JSON.parse(result.body).error.code).toBe("input_too_large");
  expect(result.sent).toBeLessThan(total);
});
