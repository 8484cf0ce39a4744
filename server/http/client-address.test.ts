// The client address comes from the connection; X-Forwarded-For counts only through trusted hops.
import { afterEach, describe, expect, it } from "vitest";
import { env } from "../env";
import { addressNetwork, clientAddress, fromTrustedProxy, PEER_HEADER } from "./client-address";

const headers = (peer: string | undefined, forwarded?: string) =>
  new Headers({ ...(peer !== undefined && { [PEER_HEADER]: peer }), ...(forwarded && { "x-forwarded-for": forwarded }) });

afterEach(() => {
  env.TRUSTED_PROXIES = undefined;
});

describe("clientAddress", () => {
  it("is the peer, whatever X-Forwarded-For a client sends, when no proxy is trusted", () => {
    expect(clientAddress(headers("203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(headers("203.0.113.9", "1.2.3.4"))).toBe("203.0.113.9");
    expect(clientAddress(headers("::ffff:127.0.0.1", "9.9.9.9"))).toBe("127.0.0.1");
    expect(clientAddress(headers("2001:db8::1"))).toBe("2001:db8::1");
  });

  it("believes X-Forwarded-For hop by hop through trusted proxies only", () => {
    env.TRUSTED_PROXIES = "10.0.0.0/8";
    expect(clientAddress(headers("10.0.0.2", "203.0.113.9"))).toBe("203.0.113.9");
    expect(clientAddress(headers("10.0.0.2", "1.2.3.4, 10.0.0.7"))).toBe("1.2.3.4");
    // A client that is not a trusted proxy cannot name another address.
    expect(clientAddress(headers("198.51.100.7", "203.0.113.9"))).toBe("198.51.100.7");
    // Through a trusted proxy, the first untrusted hop from the right is the client.
    expect(clientAddress(headers("10.0.0.2", "1.2.3.4, 198.51.100.7"))).toBe("198.51.100.7");
  });

  it("is null outside a served request", () => {
    expect(clientAddress(headers(undefined, "1.2.3.4"))).toBeNull();
    expect(clientAddress(undefined)).toBeNull();
    expect(clientAddress({ [PEER_HEADER]: "198.51.100.7" })).toBe("198.51.100.7");
  });
});

describe("the network of an address (per-client limits)", () => {
  it("is the /64 of an IPv6 address, however it is written, and an IPv4 address itself", () => {
    expect(addressNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:DB8:1:2:aaaa::9%eth0")).toBe("2001:db8:1:2::/64");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
    expect(addressNetwork("203.0.113.9")).toBe("203.0.113.9");
  });
});

describe("a request through a trusted proxy", () => {
  afterEach(() => {
    env.TRUSTED_PROXIES = undefined;
  });

  it("is one whose connection comes from TRUSTED_PROXIES", () => {
    expect(fromTrustedProxy({ [PEER_HEADER]: "127.0.0.1" })).toBe(false);
    env.TRUSTED_PROXIES = "loopback";
    expect(fromTrustedProxy({ [PEER_HEADER]: "127.0.0.1" })).toBe(true);
    expect(fromTrustedProxy({ [PEER_HEADER]: "198.51.100.7" })).toBe(false);
    expect(fromTrustedProxy({})).toBe(false);
  });
});
