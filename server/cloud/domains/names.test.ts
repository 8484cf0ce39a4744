import { describe, expect, it } from "vitest";
import { aliasTarget, domainName, fqdn, mailHost, recordName, type Checked } from "./names";

const value = <T,>(result: Checked<T>) => {
  if (!result.ok) throw new Error(result.message);
  return result.value;
};
const message = <T,>(result: Checked<T>) => {
  if (result.ok) throw new Error(`accepted: ${String(result.value)}`);
  return result.message;
};

describe("domain names", () => {
  it("accepts, lowercases and drops one trailing dot", () => {
    expect(value(domainName("Example.COM"))).toBe("example.com");
    expect(value(domainName("example.com."))).toBe("example.com");
    expect(value(domainName("  shop.example.co.uk "))).toBe("shop.example.co.uk");
    expect(value(domainName("a-b.c0.io"))).toBe("a-b.c0.io");
    expect(value(domainName("xn--bcher-kva.example"))).toBe("xn--bcher-kva.example");
    expect(value(domainName("123.example"))).toBe("123.example");
  });

  it("labels: 1..63 of [a-z0-9-], not starting or ending with `-`", () => {
    expect(value(domainName(`${"a".repeat(63)}.com`))).toHaveLength(67);
    expect(message(domainName(`${"a".repeat(64)}.com`))).toMatch(/over 63 characters/);
    expect(message(domainName("-example.com"))).toMatch(/starts or ends with `-`/);
    expect(message(domainName("example-.com"))).toMatch(/starts or ends with `-`/);
    expect(message(domainName("exa_mple.com"))).toMatch(/labels are letters a-z/);
    expect(message(domainName("exa mple.com"))).toMatch(/labels are letters a-z/);
    // A value that reads as words is quoted once, never spliced in as words (issue 42).
    expect(message(domainName("not a domain"))).toBe('The domain name "not a domain" has a space: labels are letters a-z, digits and `-`, separated by dots.');
    expect(message(domainName("exa mple.com"))).toBe('The domain name "exa mple.com" has a space (the label "exa mple"): labels are letters a-z, digits and `-`, separated by dots.');
    expect(message(domainName("example..com"))).toMatch(/empty label/);
    expect(message(domainName(".example.com"))).toMatch(/empty label/);
    expect(message(domainName("example.com.."))).toMatch(/empty label/);
    expect(message(domainName("*.example.com"))).toMatch(/`\*`/);
  });

  it("at most 253 characters in all", () => {
    const label = "a".repeat(63);
    const name253 = [label, label, label, "a".repeat(61)].join(".");
    expect(name253).toHaveLength(253);
    expect(value(domainName(name253))).toBe(name253);
    expect(value(domainName(`${name253}.`))).toBe(name253);
    expect(message(domainName(`${name253}a`))).toMatch(/over 253 characters/);
  });

  it("at least two labels, and not an IP address", () => {
    expect(message(domainName("localhost"))).toMatch(/at least two labels/);
    expect(message(domainName("com."))).toMatch(/at least two labels/);
    expect(message(domainName("192.168.1.1"))).toMatch(/IP address/);
    expect(message(domainName(""))).toMatch(/empty/);
    expect(message(domainName("."))).toMatch(/empty/);
  });

  it("IDN as punycode only, with the punycode form as the hint", () => {
    expect(message(domainName("bücher.example"))).toMatch(/punycode \(`xn--bcher-kva\.example`\)/);
    expect(message(domainName("xn--zz.example"))).toMatch(/not valid punycode/);
  });
});

describe("record names", () => {
  it("`@`, relative labels, service labels and a leading wildcard", () => {
    expect(value(recordName("@", "example.com"))).toBe("@");
    expect(value(recordName("WWW", "example.com"))).toBe("www");
    expect(value(recordName("api.eu", "example.com"))).toBe("api.eu");
    expect(value(recordName("_dmarc", "example.com"))).toBe("_dmarc");
    expect(value(recordName("selector1._domainkey", "example.com"))).toBe("selector1._domainkey");
    expect(value(recordName("*", "example.com"))).toBe("*");
    expect(value(recordName("*.dev", "example.com"))).toBe("*.dev");
  });

  it("refuses bad labels, inner wildcards, absolute names and the domain repeated", () => {
    expect(message(recordName("", "example.com"))).toMatch(/empty; use `@`/);
    expect(message(recordName("-www", "example.com"))).toMatch(/starts or ends with `-`/);
    expect(message(recordName("w_w", "example.com"))).toMatch(/labels are letters/);
    expect(message(recordName("a..b", "example.com"))).toMatch(/empty label/);
    expect(message(recordName("dev.*", "example.com"))).toMatch(/only have `\*` as its first label/);
    expect(message(recordName("www.example.com", "example.com"))).toMatch(/send `www`/);
    expect(message(recordName("www.example.com.", "example.com"))).toMatch(/send `www`/);
    expect(message(recordName("example.com", "example.com"))).toMatch(/send `@`/);
    expect(message(recordName("www.other.org.", "example.com"))).toMatch(/absolute name/);
    expect(message(recordName("ü", "example.com"))).toMatch(/punycode/);
    expect(message(recordName(`${"a".repeat(64)}`, "example.com"))).toMatch(/over 63/);
  });

  it("the full name stays within 253 characters", () => {
    const domain = `${"d".repeat(63)}.${"d".repeat(63)}.com`; // 131
    const name = `${"a".repeat(63)}.${"a".repeat(57)}`; // 121: 121 + 1 + 131 = 253
    expect(value(recordName(name, domain))).toBe(name);
    expect(message(recordName(`${name}a`, domain))).toMatch(/over 253 characters/);
  });

  it("fqdn", () => {
    expect(fqdn("@", "example.com")).toBe("example.com");
    expect(fqdn("www", "example.com")).toBe("www.example.com");
  });
});

describe("targets", () => {
  it("CNAME targets may have service labels; mail hosts may not", () => {
    expect(value(aliasTarget("Selector1-contoso-com._domainkey.contoso.onmicrosoft.com."))).toBe(
      "selector1-contoso-com._domainkey.contoso.onmicrosoft.com",
    );
    expect(message(mailHost("_mx.example.com"))).toMatch(/labels are letters/);
    expect(value(mailHost("MX1.Mail.Example.com."))).toBe("mx1.mail.example.com");
    expect(message(mailHost("10.0.0.1"))).toMatch(/IP address/);
    expect(message(aliasTarget("localhost"))).toMatch(/at least two labels/);
  });
});
