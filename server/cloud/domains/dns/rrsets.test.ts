// A domain's records as the name server's record sets, and the changes that take one zone to another.
import { describe, expect, it } from "vitest";
import { rrsetsOf, txtContent, zoneChanges, type RecordRow } from "./rrsets";

const row = (type: string, name: string, value: string, ttl = 300, priority: number | null = null): RecordRow => ({ type, name, value, ttl, priority });

describe("record sets", () => {
  it("qualifies names, puts MX priority in the content, quotes TXT, and gives a set its lowest TTL", () => {
    const sets = rrsetsOf(
      [
        row("A", "www", "203.0.113.10", 600),
        row("A", "www", "203.0.113.11", 300),
        row("CNAME", "docs", "pages.example.net"),
        row("MX", "@", "mail.example.com", 3600, 10),
        row("TXT", "@", 'v=spf1 "quoted" -all'),
        row("NS", "@", "ns1.switchyard.dev", 86400),
        row("SOA", "@", "ns1.switchyard.dev hostmaster.switchyard.dev 2026120101 7200 3600 1209600 300", 3600),
      ],
      "example.com",
    );
    expect(sets).toEqual([
      { name: "www.example.com.", type: "A", ttl: 300, contents: ["203.0.113.10", "203.0.113.11"] },
      { name: "docs.example.com.", type: "CNAME", ttl: 300, contents: ["pages.example.net."] },
      { name: "example.com.", type: "MX", ttl: 3600, contents: ["10 mail.example.com."] },
      { name: "example.com.", type: "TXT", ttl: 300, contents: ['"v=spf1 \\"quoted\\" -all"'] },
      { name: "example.com.", type: "NS", ttl: 86400, contents: ["ns1.switchyard.dev."] },
      { name: "example.com.", type: "SOA", ttl: 3600, contents: ["ns1.switchyard.dev. hostmaster.switchyard.dev. 2026120101 7200 3600 1209600 300"] },
    ]);
  });

  it("splits a TXT value into strings of 255 characters", () => {
    const content = txtContent("a".repeat(300));
    expect(content).toBe(`"${"a".repeat(255)}" "${"a".repeat(45)}"`);
  });

  it("changes only the sets that differ, ignoring the SOA serial the server raises itself", () => {
    const wanted = rrsetsOf([row("A", "www", "203.0.113.10"), row("SOA", "@", "ns1.x.dev hostmaster.x.dev 2026120101 7200 3600 1209600 300")], "example.com");
    const served = [
      { name: "example.com.", type: "SOA", ttl: 300, contents: ["ns1.x.dev. hostmaster.x.dev. 2026120107 7200 3600 1209600 300"] },
      { name: "www.example.com.", type: "A", ttl: 300, contents: ["203.0.113.99"] },
      { name: "old.example.com.", type: "TXT", ttl: 300, contents: ['"gone"'] },
    ];
    const { replace, remove } = zoneChanges(wanted, served);
    expect(replace.map((s) => s.name)).toEqual(["www.example.com."]);
    expect(remove.map((s) => s.name)).toEqual(["old.example.com."]);
    expect(zoneChanges(wanted, [served[0], { ...served[1], contents: ["203.0.113.10"] }])).toEqual({ replace: [], remove: [] });
  });
});
