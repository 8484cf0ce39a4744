import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { answerEarly } from "./early-answers";

function request(url: string, method = "GET") {
  const req = { url, method } as IncomingMessage;
  const res = { writeHead: () => res, end: () => res } as unknown as ServerResponse;
  return { req, handled: answerEarly(req, res) };
}

describe("a trailing slash", () => {
  it("on an API path is served as the path, its query kept (Next would answer a plain-text 308)", () => {
    for (const [sent, served] of [
      ["/v1/instances/", "/v1/instances"],
      ["/v1/instances//?limit=2", "/v1/instances?limit=2"],
      ["/api/public/v1/ai/completions/", "/api/public/v1/ai/completions"],
    ]) {
      const { req, handled } = request(sent, "POST");
      expect(handled).toBe(false);
      expect(req.url).toBe(served);
    }
  });

  it("on a page keeps Next's redirect", () => {
    expect(request("/login/").req.url).toBe("/login/");
    expect(request("/").req.url).toBe("/");
  });
});
