import { describe, expect, it } from "vitest";
import { classifyRefusal, errorInfo, failureFromTransport, kindForStatus, retryAfterMs } from "./http-failure";

describe("retryAfterMs", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("reads seconds, HTTP dates and retry-after-ms", () => {
    expect(retryAfterMs(new Headers({ "retry-after": "12" }), now)).toBe(12_000);
    expect(retryAfterMs(new Headers({ "retry-after": "1.5" }), now)).toBe(1_500);
    expect(retryAfterMs(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 31 Dec 2025 00:00:00 GMT" }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "1" }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

describe("status and body classification", () => {
  const kind = (status: number, body: unknown) => kindForStatus(status, errorInfo(typeof body === "string" ? body : JSON.stringify(body)).text);
  it("maps statuses", () => {
    expect(kind(429, {})).toBe("rate_limited");
    expect(kind(500, {})).toBe("server_error");
    expect(kind(529, {})).toBe("server_error");
    expect(kind(401, {})).toBe("rejected");
    expect(kind(404, { error: { message: "model not found" } })).toBe("rejected");
    expect(kind(413, "")).toBe("context_length");
  });
  it("recognises context length in each vendor's words", () => {
    expect(kind(400, { error: { code: "context_length_exceeded", message: "x" } })).toBe("context_length");
    expect(kind(400, { error: { message: "This model's maximum context length is 4096 tokens." } })).toBe("context_length");
    expect(kind(400, { type: "error", error: { type: "invalid_request_error", message: "prompt is too long: 5 tokens > 4 maximum" } })).toBe("context_length");
    expect(kind(400, { error: { code: 400, type: "exceed_context_size_error", message: "the request exceeds the available context size" } })).toBe("context_length");
    expect(kind(400, { error: "input too long" })).toBe("context_length");
  });
  it("recognises content policy and prefill refusals", () => {
    expect(kind(400, { error: { code: "content_policy_violation", message: "x" } })).toBe("content_policy");
    expect(kind(400, { error: { message: "blocked by the content filter" } })).toBe("content_policy");
    expect(kind(400, { error: { message: "This model does not support assistant message prefill." } })).toBe("prefill_refused");
    expect(classifyRefusal("The final assistant message must not be given")).toBe("prefill_refused");
    expect(kind(400, { error: { message: "temperature must be at most 2" } })).toBe("rejected");
  });
});

describe("failureFromTransport", () => {
  it("reports a connection failure with the error code only", () => {
    const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }) });
    const failure = failureFromTransport(refused);
    expect(failure.kind).toBe("connection");
    expect(failure.detail).toBe("fetch failed: ECONNREFUSED");
    expect(failureFromTransport(new TypeError("terminated", { cause: new Error("other side closed") })).kind).toBe("connection");
  });
});
