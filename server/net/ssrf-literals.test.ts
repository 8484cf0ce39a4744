// The webhook address guard on what a URL says by itself: IP literals in every notation, schemes,
// credentials, shape and ports.
import { describe, expect, it } from "vitest";
import { env } from "../env";
import type { AppError } from "../errors";
import { addressRefusal, checkPublicUrl, checkUrlShape } from "./ssrf";
import { PUBLIC_V4, PUBLIC_V6, expectUrlRefusal, shapeRefusal, webhookRefusal, withDnsStub } from "@/test/kits/ssrf-guard";

withDnsStub();

describe("addressRefusal", () => {
  it("accepts public unicast addresses of both families", () => {
    expect(addressRefusal(PUBLIC_V4)).toBeNull();
    expect(addressRefusal(PUBLIC_V6)).toBeNull();
    expect(addressRefusal("8.8.8.8")).toBeNull();
  });

  it("names the range it refuses", () => {
    expect(addressRefusal("127.0.0.1")).toMatch(/loopback/);
    expect(addressRefusal("10.1.2.3")).toMatch(/private network/);
    expect(addressRefusal("fd12::1")).toMatch(/unique local/);
    expect(addressRefusal("100.100.1.1")).toMatch(/carrier-grade NAT/);
    expect(addressRefusal("169.254.169.254")).toMatch(/link-local.*metadata/);
    expect(addressRefusal("0.0.0.0")).toMatch(/unspecified/);
    expect(addressRefusal("255.255.255.255")).toMatch(/broadcast/);
    expect(addressRefusal("239.1.2.3")).toMatch(/multicast/);
    expect(addressRefusal("240.0.0.1")).toMatch(/reserved/);
  });

  it("judges an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(addressRefusal("::ffff:127.0.0.1")).toMatch(/loopback/);
    expect(addressRefusal("::ffff:10.0.0.1")).toMatch(/private network/);
    expect(addressRefusal(`::ffff:${PUBLIC_V4}`)).toBeNull();
  });

  it("refuses translation and tunnel ranges that could reach IPv4 inside", () => {
    expect(addressRefusal("64:ff9b::a00:1")).toMatch(/not a public one/); // NAT64 of 10.0.0.1
    expect(addressRefusal("2002:7f00:1::")).toMatch(/not a public one/); // 6to4 of 127.0.0.1
    expect(addressRefusal("::ffff:0:7f00:1")).toMatch(/not a public one/); // IPv4-translated
  });

  it("allows loopback, and only loopback, when asked to", () => {
    expect(addressRefusal("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(addressRefusal("127.8.9.10", { allowLoopback: true })).toBeNull();
    expect(addressRefusal("::1", { allowLoopback: true })).toBeNull();
    expect(addressRefusal("10.0.0.1", { allowLoopback: true })).toMatch(/private/);
    expect(addressRefusal("0.0.0.0", { allowLoopback: true })).toMatch(/unspecified/);
  });

  it("says so for something that is not an address", () => {
    expect(addressRefusal("example.com")).toBe("not an IP address");
    expect(addressRefusal("")).toBe("not an IP address");
    expect(addressRefusal("999.1.1.1")).toBe("not an IP address");
  });
});

describe("IP literals", () => {
  // [URL, the address it normalises to, why it is refused]
  const refused: [string, string, RegExp][] = [
    ["https://127.0.0.1/", "127.0.0.1", /loopback/],
    ["https://0x7f000001/", "127.0.0.1", /loopback/],
    ["https://2130706433/", "127.0.0.1", /loopback/],
    ["https://0177.0.0.1/", "127.0.0.1", /loopback/],
    ["https://127.1/", "127.0.0.1", /loopback/],
    ["https://127.0.0.1./hook", "127.0.0.1", /loopback/],
    ["https://[::1]/", "::1", /loopback/],
    ["https://[::ffff:127.0.0.1]/", "127.0.0.1", /loopback/],
    ["https://[::ffff:7f00:1]/", "127.0.0.1", /loopback/],
    ["https://10.0.0.1/", "10.0.0.1", /private/],
    ["https://172.16.5.4/", "172.16.5.4", /private/],
    ["https://192.168.1.1/", "192.168.1.1", /private/],
    ["https://[::ffff:192.168.1.1]/", "192.168.1.1", /private/],
    ["https://100.64.0.1/", "100.64.0.1", /carrier-grade/],
    ["https://169.254.169.254/latest/meta-data/", "169.254.169.254", /link-local.*metadata/],
    ["https://[fe80::1]/", "fe80::1", /link-local/],
    ["https://[fd00:ec2::254]/", "fd00:ec2::254", /private/],
    ["https://0.0.0.0/", "0.0.0.0", /unspecified/],
    ["https://[::]/", "::", /unspecified/],
    ["https://224.0.0.1/", "224.0.0.1", /multicast/],
    ["https://255.255.255.255/", "255.255.255.255", /broadcast/],
    ["https://192.0.2.1/", "192.0.2.1", /reserved/],
    ["https://[::127.0.0.1]/", "::7f00:1", /IPv4-compatible/],
  ];

  it.each(refused)("checkUrlShape refuses %s", (url, address, why) => {
    const error = shapeRefusal(url);
    expectUrlRefusal(error, why);
    expect((error as AppError).message).toContain(`points at ${address},`);
    expect((error as AppError).message).toMatch(/webhooks go only to public addresses/);
  });

  it.each(refused)("checkPublicUrl refuses %s", async (url, address, why) => {
    const error = await webhookRefusal(url);
    expectUrlRefusal(error, why);
    expect((error as AppError).message).toContain(`points at ${address},`);
  });

  it("accepts public literals and returns the parsed URL", async () => {
    expect(checkUrlShape(`https://${PUBLIC_V4}/hook`).href).toBe(`https://${PUBLIC_V4}/hook`);
    expect((await checkPublicUrl(`https://${PUBLIC_V4}/hook`)).hostname).toBe(PUBLIC_V4);
    expect(checkUrlShape(`https://[${PUBLIC_V6}]/`).hostname).toBe(`[${PUBLIC_V6}]`);
    expect((await checkPublicUrl(`https://[${PUBLIC_V6}]:8443/x?y=1`)).port).toBe("8443");
  });

  it("accepts a public address written in another notation", () => {
    // 0x5db8d822 = 93.184.216.34
    expect(checkUrlShape("https://0x5db8d822/").hostname).toBe(PUBLIC_V4);
  });
});

describe("scheme, credentials, shape", () => {
  it("refuses http by default and says only https is accepted", () => {
    const error = shapeRefusal(`http://${PUBLIC_V4}/hook`);
    expectUrlRefusal(error, /must be an https:\/\/ URL; http is not accepted/);
    expect((error as AppError).message).not.toContain("(or http://)");
  });

  it("accepts http when the operator allows it, and says so when refusing other schemes", () => {
    env.WEBHOOK_ALLOW_HTTP = true;
    expect(checkUrlShape(`http://${PUBLIC_V4}/hook`).protocol).toBe("http:");
    expectUrlRefusal(shapeRefusal(`ftp://${PUBLIC_V4}/`), /https:\/\/ URL \(or http:\/\/\); ftp is not accepted/);
  });

  it("still refuses an inside address over http when http is allowed", async () => {
    env.WEBHOOK_ALLOW_HTTP = true;
    expectUrlRefusal(await webhookRefusal("http://10.0.0.1/"), /private/);
    expectUrlRefusal(await webhookRefusal("http://127.0.0.1:3000/"), /loopback/);
  });

  it.each([`ftp://${PUBLIC_V4}/`, "file:///etc/passwd", `gopher://${PUBLIC_V4}:70/`, `ws://${PUBLIC_V4}/`, "data:text/plain,hi", "javascript:alert(1)"])(
    "refuses %s whatever the flags",
    async (url) => {
      expectUrlRefusal(shapeRefusal(url), /is not accepted/);
      env.WEBHOOK_ALLOW_HTTP = true;
      env.WEBHOOK_ALLOW_LOOPBACK = true;
      expectUrlRefusal(shapeRefusal(url), /is not accepted/);
      expectUrlRefusal(await webhookRefusal(url), /is not accepted/);
    },
  );

  it.each([`https://user:secret@${PUBLIC_V4}/`, `https://user@${PUBLIC_V4}/`, `https://:secret@${PUBLIC_V4}/`])("refuses credentials in %s", async (url) => {
    expectUrlRefusal(shapeRefusal(url), /may not carry a user name or password/);
    expectUrlRefusal(await webhookRefusal(url), /may not carry a user name or password/);
  });

  it.each(["not a url", "", "/relative/path", "https://", "example.com/hook", "https://exa mple.com/"])("refuses %j as not a URL", async (raw) => {
    expectUrlRefusal(shapeRefusal(raw), /is not a valid URL/);
    expectUrlRefusal(await webhookRefusal(raw), /is not a valid URL/);
  });
});

describe("ports", () => {
  it.each([0, 1, 9, 22, 25, 111, 445, 1023])("refuses port %i, below 1024 and neither 80 nor 443", async (port) => {
    env.WEBHOOK_ALLOW_HTTP = true;
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    for (const url of [`https://${PUBLIC_V4}:${port}/hook`, `http://127.0.0.1:${port}/hook`, `https://public.example.test:${port}/`]) {
      expectUrlRefusal(shapeRefusal(url), new RegExp(`uses port ${port}; ports below 1024 are refused, except 80 and 443`));
      expectUrlRefusal(await webhookRefusal(url), /ports below 1024 are refused/);
    }
  });

  it("accepts 80, 443, the scheme's default and ports from 1024 up", async () => {
    env.WEBHOOK_ALLOW_HTTP = true;
    for (const url of [`https://${PUBLIC_V4}:443/`, `https://${PUBLIC_V4}:80/`, `http://${PUBLIC_V4}:80/`, `http://${PUBLIC_V4}:443/`, `https://${PUBLIC_V4}/`, `https://${PUBLIC_V4}:1024/`, `https://${PUBLIC_V4}:65535/`]) {
      expect(checkUrlShape(url)).toBeInstanceOf(URL);
      await expect(checkPublicUrl(url)).resolves.toBeInstanceOf(URL);
    }
  });
});
