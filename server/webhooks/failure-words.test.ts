// The delivery log's wording of an attempt that got no answer: whatever was thrown, a sentence,
// never an exception (a throw here left the attempt unrecorded and its delivery re-claimed forever).
import { describe, expect, it } from "vitest";
import { failureWords } from "./failure-words";

describe("failureWords", () => {
  it("names the time limit for AbortSignal.timeout's DOMException, whose code is a number", () => {
    const timeout = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    expect(typeof timeout.code).toBe("number");
    expect(failureWords(timeout, 15)).toBe("no answer within 15 s");
  });

  it("names the time limit for undici's timeouts and for an abort", () => {
    expect(failureWords(Object.assign(new Error("x"), { code: "UND_ERR_HEADERS_TIMEOUT" }), 7)).toBe("no answer within 7 s");
    expect(failureWords(new DOMException("aborted", "AbortError"), 7)).toBe("no answer within 7 s");
    expect(failureWords(new TypeError("fetch failed", { cause: Object.assign(new Error("t"), { code: "UND_ERR_CONNECT_TIMEOUT" }) }), 7)).toBe("no answer within 7 s");
  });

  it("words refused, unresolvable, reset and TLS failures, through a cause too", () => {
    const refused = new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    expect(failureWords(refused, 15)).toMatch(/^the connection was refused/);
    expect(failureWords(Object.assign(new Error("x"), { code: "ENOTFOUND" }), 15)).toBe("the host name does not resolve");
    expect(failureWords(Object.assign(new Error("x"), { code: "UND_ERR_SOCKET" }), 15)).toBe("the connection was closed before an answer");
    expect(failureWords(Object.assign(new Error("x"), { code: "ERR_TLS_CERT_ALTNAME_INVALID" }), 15)).toBe("the TLS handshake failed (ERR_TLS_CERT_ALTNAME_INVALID)");
  });

  it("never throws, whatever was thrown", () => {
    for (const thrown of [undefined, null, "a string", 42, { code: 23 }, { code: null, name: 5 }, Object.create(null), new Error("plain"), [1]]) {
      expect(() => failureWords(thrown, 15)).not.toThrow();
      expect(failureWords(thrown, 15)).toMatch(/^the request failed/);
    }
    expect(failureWords({ code: "EWEIRD" }, 15)).toBe("the request failed (EWEIRD)");
  });
});
