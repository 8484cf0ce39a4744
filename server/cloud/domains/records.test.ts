import { describe, expect, it } from "vitest";
import { checkRecord, neighbourConflict, type RecordFields } from "./records";
import { createRecordInput } from "./schema";

const D = "example.com";
const check = (body: Record<string, unknown>) => checkRecord(createRecordInput.parse({ name: "@", ...body }), D);
const accepted = (body: Record<string, unknown>) => {
  const result = check(body);
  if (!result.ok) throw new Error(`${result.param}: ${result.message}`);
  return result.record;
};
const refused = (body: Record<string, unknown>) => {
  const result = check(body);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.record)}`);
  return result;
};

describe("A", () => {
  it("a dotted quad without leading zeros", () => {
    for (const ip of ["203.0.113.10", "0.0.0.0", "255.255.255.255", "10.0.0.1"]) expect(accepted({ type: "A", value: ip }).value).toBe(ip);
    expect(accepted({ type: "A", value: " 1.2.3.4 " }).value).toBe("1.2.3.4");
    for (const ip of ["01.2.3.4", "1.2.3.04", "256.1.1.1", "1.2.3", "1.2.3.4.5", "1.2.3.4/24", "0x7f.0.0.1", "2130706433", "::1", "example.com", ""]) {
      expect(refused({ type: "A", value: ip })).toMatchObject({ param: "value", message: expect.stringMatching(/IPv4/) });
    }
  });
});

describe("AAAA", () => {
  it("an IPv6 address, stored in its canonical form", () => {
    expect(accepted({ type: "AAAA", value: "2001:DB8:0:0:0:0:0:10" }).value).toBe("2001:db8::10");
    expect(accepted({ type: "AAAA", value: "::1" }).value).toBe("::1");
    for (const ip of ["1.2.3.4", "2001:db8::g", "2001:db8:::1", "fe80::1%eth0", "[2001:db8::1]", ""]) {
      expect(refused({ type: "AAAA", value: ip })).toMatchObject({ param: "value", message: expect.stringMatching(/IPv6/) });
    }
  });
});

describe("CNAME", () => {
  it("a host name, lowercased, one trailing dot dropped", () => {
    expect(accepted({ type: "CNAME", name: "www", value: "App.Example.NET." }).value).toBe("app.example.net");
    expect(accepted({ type: "CNAME", name: "*", value: "example.net" }).value).toBe("example.net");
  });
  it("not at the apex, not to itself, not an address", () => {
    expect(refused({ type: "CNAME", name: "@", value: "example.net" })).toMatchObject({ param: "name", message: expect.stringMatching(/apex|`@`/) });
    expect(refused({ type: "CNAME", name: "www", value: "www.example.com." })).toMatchObject({ param: "value", message: expect.stringMatching(/itself/) });
    expect(refused({ type: "CNAME", name: "www", value: "1.2.3.4" })).toMatchObject({ param: "value", message: expect.stringMatching(/IP address/) });
    expect(refused({ type: "CNAME", name: "www", value: "bad_host!.com" })).toMatchObject({ param: "value" });
  });
});

describe("TXT", () => {
  it("1..2048 printable characters, spaces kept as sent", () => {
    expect(accepted({ type: "TXT", value: "v=spf1 include:_spf.example.net -all" }).value).toBe("v=spf1 include:_spf.example.net -all");
    expect(accepted({ type: "TXT", value: " padded " }).value).toBe(" padded ");
    expect(accepted({ type: "TXT", value: "x".repeat(2048) }).value).toHaveLength(2048);
    expect(refused({ type: "TXT", value: "" })).toMatchObject({ param: "value", message: expect.stringMatching(/empty/) });
    expect(refused({ type: "TXT", value: "   " })).toMatchObject({ param: "value", message: expect.stringMatching(/empty/) });
    expect(refused({ type: "TXT", value: "line\nbreak" })).toMatchObject({ param: "value", message: expect.stringMatching(/printable/) });
    expect(refused({ type: "TXT", value: "tab\there" })).toMatchObject({ param: "value" });
    expect(refused({ type: "TXT", value: "café" })).toMatchObject({ param: "value" });
    expect(createRecordInput.safeParse({ type: "TXT", name: "@", value: "x".repeat(2049) }).success).toBe(false);
  });
});

describe("MX", () => {
  it("a mail host in `value`, the priority in `priority` (0..65535)", () => {
    expect(accepted({ type: "MX", value: "MX1.example.net.", priority: 10 })).toMatchObject({ value: "mx1.example.net", priority: 10 });
    expect(accepted({ type: "MX", value: "mx.example.net", priority: 0 }).priority).toBe(0);
    expect(accepted({ type: "MX", value: "mx.example.net", priority: 65535 }).priority).toBe(65535);
    expect(refused({ type: "MX", value: "mx.example.net" })).toMatchObject({ param: "priority" });
    expect(refused({ type: "MX", value: "10 mx.example.net", priority: 10 })).toMatchObject({ param: "value" });
    expect(refused({ type: "MX", value: "192.0.2.1", priority: 10 })).toMatchObject({ param: "value", message: expect.stringMatching(/IP address/) });
    for (const priority of [-1, 65536, 1.5]) expect(createRecordInput.safeParse({ type: "MX", name: "@", value: "mx.example.net", priority }).success).toBe(false);
  });
  it("other types take no priority", () => {
    expect(refused({ type: "A", value: "1.2.3.4", priority: 10 })).toMatchObject({ param: "priority" });
  });
});

describe("names and ttl", () => {
  it("the record name is checked and lowercased", () => {
    expect(accepted({ type: "A", name: "API.eu", value: "1.2.3.4" }).name).toBe("api.eu");
    expect(refused({ type: "A", name: "-x", value: "1.2.3.4" })).toMatchObject({ param: "name" });
    expect(refused({ type: "A", name: "www.example.com", value: "1.2.3.4" })).toMatchObject({ param: "name" });
  });
  it("ttl 60..86400, 3600 when left out", () => {
    expect(accepted({ type: "A", value: "1.2.3.4" }).ttl).toBe(3600);
    expect(accepted({ type: "A", value: "1.2.3.4", ttl: 60 }).ttl).toBe(60);
    expect(accepted({ type: "A", value: "1.2.3.4", ttl: 86400 }).ttl).toBe(86400);
    for (const ttl of [59, 86401, 300.5, "300"]) expect(createRecordInput.safeParse({ type: "A", name: "@", value: "1.2.3.4", ttl }).success).toBe(false);
  });
  it("types are the five, as written; NS and SOA are known but kept by the service (refused, param type)", () => {
    for (const type of ["a", "SRV", "ns", ""]) expect(createRecordInput.safeParse({ type, name: "@", value: "x" }).success).toBe(false);
    for (const type of ["NS", "SOA"] as const) {
      expect(refused({ type, value: "ns1.example.net" })).toMatchObject({ param: "type", message: expect.stringMatching(/kept by the service.*read-only/) });
    }
  });
});

describe("neighbours", () => {
  const rec = (type: RecordFields["type"], value: string, name = "www", priority: number | null = null): RecordFields => ({ type, name, value, ttl: 3600, priority });
  const at = (id: string, type: string, value: string, priority: number | null = null) => ({ id, type, value, priority });

  it("a CNAME stands alone", () => {
    expect(neighbourConflict(rec("CNAME", "a.example.net"), [at("rec_1", "A", "1.2.3.4")])).toMatch(/already has A records/);
    expect(neighbourConflict(rec("CNAME", "a.example.net"), [at("rec_1", "CNAME", "b.example.net")])).toMatch(/has a CNAME \(rec_1\)/);
    expect(neighbourConflict(rec("TXT", "hello"), [at("rec_1", "CNAME", "b.example.net")])).toMatch(/has a CNAME/);
    expect(neighbourConflict(rec("CNAME", "a.example.net"), [])).toBeNull();
  });
  it("records of other types share a name; an exact duplicate does not", () => {
    expect(neighbourConflict(rec("A", "1.2.3.5"), [at("rec_1", "A", "1.2.3.4"), at("rec_2", "TXT", "x")])).toBeNull();
    expect(neighbourConflict(rec("A", "1.2.3.4"), [at("rec_1", "A", "1.2.3.4")])).toMatch(/already exists \(rec_1\)/);
    expect(neighbourConflict(rec("MX", "mx.example.net", "@", 10), [at("rec_1", "MX", "mx.example.net", 20)])).toBeNull();
    expect(neighbourConflict(rec("MX", "mx.example.net", "@", 10), [at("rec_1", "MX", "mx.example.net", 10)])).toMatch(/already exists/);
  });
});
