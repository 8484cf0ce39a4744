// Issue 38, rows 7 and 8: console calls are JSON only, a mutation from another site is refused, and
// the console's per-address budget counts an IPv6 client by its /64.
import { describe, expect, it } from "vitest";
import { PEER_HEADER } from "./client-address";
import { consoleCallSubject, refuseForeignCall } from "./console-calls";

const post = (headers: Record<string, string>) => new Request("http://console.test/api/trpc/account.signOutEverywhere", { method: "POST", headers: { host: "console.test", ...headers } });
const refusal = (request: Request) => {
  try {
    refuseForeignCall(request);
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe("console calls", () => {
  it("take JSON only: a form's types are 415", () => {
    for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/plain", ""]) expect(refusal(post({ "content-type": type }))).toBe("unsupported_media_type");
    expect(refusal(post({ "content-type": "application/json; charset=utf-8" }))).toBeNull();
  });

  it("refuse a mutation from another origin or site; the console's own pages and clients without either header are served", () => {
    const json = { "content-type": "application/json" };
    expect(refusal(post({ ...json, origin: "https://evil.example" }))).toBe("forbidden");
    expect(refusal(post({ ...json, "sec-fetch-site": "same-site" }))).toBe("forbidden");
    expect(refusal(post({ ...json, "sec-fetch-site": "cross-site", origin: "http://console.test" }))).toBe("forbidden");
    expect(refusal(post({ ...json, origin: "http://console.test", "sec-fetch-site": "same-origin" }))).toBeNull();
    expect(refusal(post(json))).toBeNull();
    expect(refusal(new Request("http://console.test/api/trpc/workspace.current", { headers: { origin: "https://evil.example" } }))).toBeNull();
  });

  it("count an IPv6 client by its /64", () => {
    const subject = (peer: string) => consoleCallSubject(new Headers({ [PEER_HEADER]: peer }));
    expect(subject("2001:db8:1:2::a")).toBe(subject("2001:db8:1:2:ffff::1"));
    expect(subject("2001:db8:1:3::a")).not.toBe(subject("2001:db8:1:2::a"));
    expect(subject("192.0.2.1")).not.toBe(subject("192.0.2.2"));
  });
});
