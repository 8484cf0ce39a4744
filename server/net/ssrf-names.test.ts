// The webhook address guard on host names, resolved through a stub DNS server, and the operator's
// flags for loopback and local development.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "../env";
import { AppError } from "../errors";
import { checkPublicUrl, checkUrlShape, resolveHost } from "./ssrf";
import { NOT_PUBLIC, PUBLIC_V4, PUBLIC_V6, expectUrlRefusal, shapeRefusal, webhookRefusal, withDnsStub } from "@/test/kits/ssrf-guard";

const stub = withDnsStub();

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
    stub.dns.set("public.example.test", [PUBLIC_V4, PUBLIC_V6]);
    stub.dns.set("v6only.example.test", [PUBLIC_V6]);
    stub.dns.set("loopback.example.test", ["127.0.0.1"]);
    stub.dns.set("loopback6.example.test", ["::1"]);
    stub.dns.set("private.example.test", ["10.0.0.5"]);
    stub.dns.set("mixed.example.test", [PUBLIC_V4, "192.168.0.10"]);
    stub.dns.set("mixed6.example.test", [PUBLIC_V4, "fd00::5"]);
    stub.dns.set("mapped.example.test", ["::ffff:127.0.0.1"]);
    stub.dns.set("metadata.example.test", ["169.254.169.254"]);
    stub.dns.set("empty.example.test", []);
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
