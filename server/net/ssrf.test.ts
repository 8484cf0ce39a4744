// The webhook address guard: IP literals in every notation, schemes, credentials, the operator's
// flags, host names resolved through a stub DNS server, and the delivery-time lookup (rebinding).
import { createServer, connect, type AddressInfo, type Server } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDnsStub, type DnsStub } from "@/e2e/fixtures/dns-stub";
import { env } from "../env";
import { AppError } from "../errors";
import { AddressRefusedError, addressRefusal, checkUrlShape, checkPublicUrl, guardedLookup, resolveHost } from "./ssrf";

const PUBLIC_V4 = "93.184.216.34";
const PUBLIC_V6 = "2606:4700::1";

let dns: DnsStub;
const savedDnsServers = env.WEBHOOK_DNS_SERVERS;
const savedFlags = { http: env.WEBHOOK_ALLOW_HTTP, loopback: env.WEBHOOK_ALLOW_LOOPBACK };

// ssrf.ts keeps its first dns.Resolver: the stub is set before any name is resolved, for the whole file.
beforeAll(async () => {
  dns = await startDnsStub();
  env.WEBHOOK_DNS_SERVERS = `127.0.0.1:${dns.port}`;
});

afterAll(async () => {
  env.WEBHOOK_DNS_SERVERS = savedDnsServers;
  await dns.close();
});

beforeEach(() => {
  env.WEBHOOK_ALLOW_HTTP = false;
  env.WEBHOOK_ALLOW_LOOPBACK = false;
});

afterEach(() => {
  env.WEBHOOK_ALLOW_HTTP = savedFlags.http;
  env.WEBHOOK_ALLOW_LOOPBACK = savedFlags.loopback;
});

/** The one refusal of a name that resolves inside, whichever address and range. */
const NOT_PUBLIC = /^`url` has a host name that resolves to an address that is not public; webhooks go only to public addresses\.$/;

function expectUrlRefusal(error: unknown, message: RegExp): void {
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe("invalid_body");
  expect(appError.extra.param).toBe("url");
  expect(appError.message).toMatch(/^`url` /);
  expect(appError.message).toMatch(message);
}

function shapeRefusal(raw: string): unknown {
  try {
    checkUrlShape(raw);
  } catch (error) {
    return error;
  }
  throw new Error(`checkUrlShape accepted ${raw}`);
}

async function webhookRefusal(raw: string): Promise<unknown> {
  return checkPublicUrl(raw).then(
    () => {
      throw new Error(`checkPublicUrl accepted ${raw}`);
    },
    (error: unknown) => error,
  );
}

type LookupOutcome = { error: NodeJS.ErrnoException | null; address?: unknown; family?: number };

function lookup(hostname: string, options: Parameters<typeof guardedLookup>[1]): Promise<LookupOutcome> {
  return new Promise((resolve) => guardedLookup(hostname, options, (error, address, family) => resolve({ error, address, family })));
}

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

describe("WEBHOOK_ALLOW_LOOPBACK", () => {
  it("accepts loopback literals in any notation when set", async () => {
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    for (const url of ["https://127.0.0.1:8443/hook", "https://[::1]/", "https://0x7f000001/", "https://127.1/", "https://[::ffff:127.0.0.1]/"]) {
      expect(checkUrlShape(url).href).toBe(new URL(url).href);
      expect((await checkPublicUrl(url)).href).toBe(new URL(url).href);
    }
  });

  it("refuses loopback literals again once unset", () => {
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    expect(checkUrlShape("https://127.0.0.1/").hostname).toBe("127.0.0.1");
    env.WEBHOOK_ALLOW_LOOPBACK = false;
    expectUrlRefusal(shapeRefusal("https://127.0.0.1/"), /loopback/);
  });

  it.each([
    ["https://10.0.0.1/", /private/],
    ["https://192.168.1.1/", /private/],
    ["https://169.254.169.254/", /link-local/],
    ["https://[fd00:ec2::254]/", /private/],
    ["https://100.64.0.1/", /carrier-grade/],
    ["https://0.0.0.0/", /unspecified/],
    ["https://[::]/", /unspecified/],
  ] as const)("still refuses %s when set", async (url, why) => {
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    expectUrlRefusal(shapeRefusal(url), why);
    expectUrlRefusal(await webhookRefusal(url), why);
  });
});

describe("host names", () => {
  beforeAll(() => {
    dns.set("public.example.test", [PUBLIC_V4, PUBLIC_V6]);
    dns.set("v6only.example.test", [PUBLIC_V6]);
    dns.set("loopback.example.test", ["127.0.0.1"]);
    dns.set("loopback6.example.test", ["::1"]);
    dns.set("private.example.test", ["10.0.0.5"]);
    dns.set("mixed.example.test", [PUBLIC_V4, "192.168.0.10"]);
    dns.set("mixed6.example.test", [PUBLIC_V4, "fd00::5"]);
    dns.set("mapped.example.test", ["::ffff:127.0.0.1"]);
    dns.set("metadata.example.test", ["169.254.169.254"]);
    dns.set("empty.example.test", []);
  });

  it("resolveHost returns every address of both families from the configured servers", async () => {
    const addresses = await resolveHost("public.example.test");
    expect(addresses).toEqual([
      { address: PUBLIC_V4, family: 4 },
      { address: PUBLIC_V6, family: 6 },
    ]);
  });

  it("resolveHost treats names case-insensitively", async () => {
    expect(await resolveHost("Public.EXAMPLE.test")).toContainEqual({ address: PUBLIC_V4, family: 4 });
  });

  it("resolveHost fails with ENOTFOUND for a name without addresses", async () => {
    await expect(resolveHost("nowhere.example.test")).rejects.toMatchObject({ code: "ENOTFOUND", message: /does not resolve/ });
    await expect(resolveHost("empty.example.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("accepts a name that resolves only to public addresses", async () => {
    const url = await checkPublicUrl("https://public.example.test/hooks/in?x=1");
    expect(url.hostname).toBe("public.example.test");
    expect((await checkPublicUrl("https://v6only.example.test/")).hostname).toBe("v6only.example.test");
  });

  it("refuses a name resolving to loopback, even with WEBHOOK_ALLOW_LOOPBACK", async () => {
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    for (const [name, address] of [
      ["loopback.example.test", "127.0.0.1"],
      ["loopback6.example.test", "::1"],
    ]) {
      const error = await webhookRefusal(`https://${name}/hook`);
      expectUrlRefusal(error, NOT_PUBLIC);
      expect((error as AppError).message).not.toContain(address);
    }
  });

  it("refuses a name resolving to a private address", async () => {
    const error = await webhookRefusal("https://private.example.test/");
    expectUrlRefusal(error, NOT_PUBLIC);
    expect((error as AppError).message).not.toMatch(/10\.0\.0\.5|private/);
  });

  it("refuses a name resolving to the cloud metadata address", async () => {
    const error = await webhookRefusal("https://metadata.example.test/");
    expectUrlRefusal(error, NOT_PUBLIC);
    expect((error as AppError).message).not.toMatch(/169\.254|link-local/);
  });

  it("refuses a name resolving to an IPv4-mapped loopback address", async () => {
    expectUrlRefusal(await webhookRefusal("https://mapped.example.test/"), NOT_PUBLIC);
  });

  it("refuses a name with one public and one private address", async () => {
    // One refusal for every inside address: it never tells what an internal name resolves to.
    const [v4, v6] = [await webhookRefusal("https://mixed.example.test/"), await webhookRefusal("https://mixed6.example.test/")];
    expectUrlRefusal(v4, NOT_PUBLIC);
    expectUrlRefusal(v6, NOT_PUBLIC);
    expect((v4 as AppError).message.replace("mixed.", "")).toBe((v6 as AppError).message.replace("mixed6.", ""));
    expect((v4 as AppError).message).not.toContain("192.168");
    expect((v6 as AppError).message).not.toContain("fd00");
  });

  it("accepts a name that does not resolve yet: it is guarded when delivered, at connect time", async () => {
    expect((await checkPublicUrl("https://nowhere.example.test/hook")).hostname).toBe("nowhere.example.test");
    expect((await checkPublicUrl("https://empty.example.test/")).hostname).toBe("empty.example.test");
  });

  it("refuses an image's name that does not resolve, saying so: an engine fetches it, not the guarded delivery", async () => {
    const image = { param: "messages.0.content.0.url", allowHttp: false, allowLoopback: false, rule: "images are fetched only from public addresses" };
    const error = await checkPublicUrl("https://nowhere.example.test/cat.png", image).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/does not resolve \(nowhere\.example\.test\)/);
  });

  it("checks the shape before resolving: http to a public name is still refused", async () => {
    expectUrlRefusal(await webhookRefusal("http://public.example.test/"), /must be an https:\/\/ URL/);
  });
});

describe("local development", () => {
  const SETTINGS = /WEBHOOK_ALLOW_HTTP=true and WEBHOOK_ALLOW_LOOPBACK=true/;

  it("the refusal of http:// names both operator settings and says to use 127.0.0.1", () => {
    const error = shapeRefusal("http://127.0.0.1:3999/hook");
    expectUrlRefusal(error, /must be an https:\/\/ URL; http is not accepted\./);
    expectUrlRefusal(error, SETTINGS);
    expectUrlRefusal(error, /use 127\.0\.0\.1, not localhost \(http:\/\/127\.0\.0\.1:3999\/hook\)/);
  });

  it("the refusal of a loopback literal names the settings not yet on and says to use 127.0.0.1", () => {
    expectUrlRefusal(shapeRefusal("https://127.0.0.1:3999/hook"), SETTINGS);
    env.WEBHOOK_ALLOW_HTTP = true;
    const error = shapeRefusal("http://[::1]:3999/hook");
    expectUrlRefusal(error, /points at ::1, a loopback address; webhooks go only to public addresses\./);
    expectUrlRefusal(error, /the operator can set WEBHOOK_ALLOW_LOOPBACK=true; then use 127\.0\.0\.1/);
    expect((error as AppError).message).not.toContain("WEBHOOK_ALLOW_HTTP");
  });

  it("localhost is refused, naming the settings and 127.0.0.1, without asking DNS", () => {
    env.WEBHOOK_ALLOW_HTTP = true;
    for (const url of ["http://localhost:3999/hook", "http://LOCALHOST.:3999/hook", "http://app.localhost:3999/hook"]) {
      const error = shapeRefusal(url);
      expectUrlRefusal(error, /names .*localhost/i);
      expectUrlRefusal(error, /WEBHOOK_ALLOW_LOOPBACK=true; then use 127\.0\.0\.1, not localhost \(http:\/\/127\.0\.0\.1:3999\/hook\)/);
    }
  });

  it("localhost with both settings on says to use 127.0.0.1, and names no setting", async () => {
    env.WEBHOOK_ALLOW_HTTP = true;
    env.WEBHOOK_ALLOW_LOOPBACK = true;
    const error = await webhookRefusal("http://localhost:3999/hook");
    expectUrlRefusal(error, /use 127\.0\.0\.1, not localhost \(http:\/\/127\.0\.0\.1:3999\/hook\)/);
    expect((error as AppError).message).not.toContain("WEBHOOK_ALLOW");
    expect((await checkPublicUrl("http://127.0.0.1:3999/hook")).hostname).toBe("127.0.0.1");
  });

  it("a private address or an image names no setting: they are for a receiver on this machine only", async () => {
    expect((shapeRefusal("https://10.0.0.1/") as AppError).message).not.toContain("WEBHOOK_ALLOW");
    const image = { param: "messages.0.content.0.url", allowHttp: false, allowLoopback: false, rule: "images are fetched only from public addresses" };
    for (const url of ["https://127.0.0.1/cat.png", "https://localhost/cat.png"]) {
      const error = await checkPublicUrl(url, image).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/images are fetched only from public addresses\.$/);
      expect((error as AppError).message).not.toContain("WEBHOOK_ALLOW");
    }
  });
});

describe("guardedLookup", () => {
  beforeAll(() => {
    dns.set("lookup.example.test", [PUBLIC_V4, PUBLIC_V6]);
    dns.set("lookup4.example.test", [PUBLIC_V4]);
    dns.set("split.example.test", [PUBLIC_V4, "fd00::7"]);
  });

  it("refuses a name that was public when saved and points at loopback now (DNS rebinding)", async () => {
    dns.set("rebind.example.test", [PUBLIC_V4]);
    await expect(checkPublicUrl("https://rebind.example.test/hook")).resolves.toBeInstanceOf(URL);
    expect((await lookup("rebind.example.test", {})).address).toBe(PUBLIC_V4);

    dns.set("rebind.example.test", ["127.0.0.1"]);
    env.WEBHOOK_ALLOW_LOOPBACK = true; // literals only: a name never gets the allowance
    const { error, address } = await lookup("rebind.example.test", { all: true });
    expect(address).toBeUndefined();
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect(error?.code).toBe("WEBHOOK_ADDRESS_REFUSED");
    const refused = error as AddressRefusedError;
    expect(refused.host).toBe("rebind.example.test");
    expect(refused.address).toBe("127.0.0.1");
    expect(refused.reason).toMatch(/loopback/);
    // The address and its range are for the server's log; the message (shown in the delivery log) tells neither.
    expect(refused.message).toBe("rebind.example.test resolves to an address that is not public");
  });

  it("refuses on every call, not only the first: it asks DNS again each time", async () => {
    dns.set("flip.example.test", ["10.9.9.9"]);
    expect((await lookup("flip.example.test", 0)).error).toBeInstanceOf(AddressRefusedError);
    dns.set("flip.example.test", [PUBLIC_V4]);
    expect(await lookup("flip.example.test", 0)).toEqual({ error: null, address: PUBLIC_V4, family: 4 });
    dns.set("flip.example.test", ["169.254.169.254"]);
    expect((await lookup("flip.example.test", 0)).error).toMatchObject({ code: "WEBHOOK_ADDRESS_REFUSED", address: "169.254.169.254" });
  });

  it("returns every address as {address, family} with {all: true}", async () => {
    expect(await lookup("lookup.example.test", { all: true })).toEqual({
      error: null,
      address: [
        { address: PUBLIC_V4, family: 4 },
        { address: PUBLIC_V6, family: 6 },
      ],
      family: undefined,
    });
  });

  it("returns the address of the asked family as a string and a family", async () => {
    expect(await lookup("lookup.example.test", { family: 4 })).toEqual({ error: null, address: PUBLIC_V4, family: 4 });
    expect(await lookup("lookup.example.test", { family: 6 })).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", 6)).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", { family: "IPv6" })).toEqual({ error: null, address: PUBLIC_V6, family: 6 });
    expect(await lookup("lookup.example.test", { family: 6, all: true })).toEqual({ error: null, address: [{ address: PUBLIC_V6, family: 6 }], family: undefined });
  });

  it("fails with ENOTFOUND when the name has no address of the asked family", async () => {
    const { error } = await lookup("lookup4.example.test", { family: 6 });
    expect(error).toMatchObject({ code: "ENOTFOUND", message: /no IPv6 address/ });
    expect(error).not.toBeInstanceOf(AddressRefusedError);
  });

  it("refuses a name with any inside address, even when the asked family's addresses are public", async () => {
    const { error } = await lookup("split.example.test", { family: 4 });
    expect(error).toBeInstanceOf(AddressRefusedError);
    expect((error as AddressRefusedError).address).toBe("fd00::7");
  });

  it("passes a resolution failure through, not as a refusal", async () => {
    const { error } = await lookup("gone.example.test", {});
    expect(error).toMatchObject({ code: "ENOTFOUND" });
    expect(error).not.toBeInstanceOf(AddressRefusedError);
  });

  describe("as a socket's lookup", () => {
    let server: Server;
    let connections = 0;

    beforeAll(async () => {
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    function connectThroughGuard(host: string): Promise<NodeJS.ErrnoException | null> {
      const port = (server.address() as AddressInfo).port;
      return new Promise((resolve) => {
        const socket = connect({ host, port, lookup: guardedLookup as never });
        socket.once("connect", () => {
          socket.destroy();
          resolve(null);
        });
        socket.once("error", (error) => resolve(error));
      });
    }

    it("never opens a connection to a name that now resolves to loopback", async () => {
      dns.set("sneaky.example.test", ["127.0.0.1"]);
      const error = await connectThroughGuard("sneaky.example.test");
      expect(error).toBeInstanceOf(AddressRefusedError);
      expect(error?.code).toBe("WEBHOOK_ADDRESS_REFUSED");
      expect(connections).toBe(0);
    });
  });
});
